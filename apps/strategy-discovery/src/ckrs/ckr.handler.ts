import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CkrResponse,
  CreateCkrRequest,
  GetStrategyRecordRequest,
  ListCkrsRequest,
  Page,
  StrategySubjects as S,
  UpdateCkrRequest,
  UpdateKeyResultRequest,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { CkrService } from './ckr.service';

@MessageController()
export class CkrHandler {
  constructor(@Inject(CkrService) private readonly ckrs: CkrService) {}

  @MessagePattern(S.ckrCreate)
  create(@Payload() { auth, body }: CreateCkrRequest): Promise<CkrResponse> {
    return this.ckrs.create(auth, body);
  }

  @MessagePattern(S.ckrList)
  list(@Payload() { auth, query }: ListCkrsRequest): Promise<Page<CkrResponse>> {
    return this.ckrs.list(auth, query);
  }

  @MessagePattern(S.ckrGet)
  get(@Payload() { auth, id }: GetStrategyRecordRequest): Promise<CkrResponse> {
    return this.ckrs.get(auth, id);
  }

  @MessagePattern(S.ckrUpdate)
  update(@Payload() { auth, id, body }: UpdateCkrRequest): Promise<CkrResponse> {
    return this.ckrs.update(auth, id, body);
  }

  @MessagePattern(S.keyResultUpdate)
  updateKeyResult(@Payload() { auth, id, keyResultId, body }: UpdateKeyResultRequest): Promise<CkrResponse> {
    return this.ckrs.updateKeyResult(auth, id, keyResultId, body);
  }
}
