import { Inject, Injectable } from '@nestjs/common';
import {
  CkrResponse,
  CreateCkrDto,
  ListCkrsQuery,
  Page,
  StrategyCreateRequest as Create,
  StrategyGetRequest as Get,
  StrategyListRequest as List,
  StrategySubjects as S,
  StrategyUpdateRequest as Update,
  UpdateCkrDto,
  UpdateKeyResultDto,
  UpdateKeyResultRequest,
} from '@pds/contracts';
import { HandleMessage } from '@pds/messaging';
import { CkrService } from './ckr.service';

@Injectable()
export class CkrHandler {
  constructor(@Inject(CkrService) private readonly ckrs: CkrService) {}

  @HandleMessage(S.ckrCreate)
  create({ auth, body }: Create<CreateCkrDto>): Promise<CkrResponse> {
    return this.ckrs.create(auth, body);
  }

  @HandleMessage(S.ckrList)
  list({ auth, query }: List<ListCkrsQuery>): Promise<Page<CkrResponse>> {
    return this.ckrs.list(auth, query);
  }

  @HandleMessage(S.ckrGet)
  get({ auth, id }: Get): Promise<CkrResponse> {
    return this.ckrs.get(auth, id);
  }

  @HandleMessage(S.ckrUpdate)
  update({ auth, id, body }: Update<UpdateCkrDto>): Promise<CkrResponse> {
    return this.ckrs.update(auth, id, body);
  }

  @HandleMessage(S.keyResultUpdate)
  updateKeyResult({ auth, id, keyResultId, body }: UpdateKeyResultRequest<UpdateKeyResultDto>): Promise<CkrResponse> {
    return this.ckrs.updateKeyResult(auth, id, keyResultId, body);
  }
}
