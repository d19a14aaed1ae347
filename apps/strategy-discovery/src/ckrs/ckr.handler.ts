import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CkrResponse,
  CreateCkrRequest,
  GetStrategyRecordRequest,
  ListCkrsRequest,
  StrategySubjects as S,
  UpdateCkrRequest,
  UpdateKeyResultRequest,
} from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { CkrService } from './ckr.service';

@MessageController()
export class CkrHandler extends RecordHandlers(CkrService, {
  create: [S.ckrCreate, CreateCkrRequest],
  list: [S.ckrList, ListCkrsRequest],
  get: [S.ckrGet, GetStrategyRecordRequest],
  update: [S.ckrUpdate, UpdateCkrRequest],
}) {
  @MessagePattern(S.keyResultUpdate)
  updateKeyResult(@Payload() { auth, id, keyResultId, body }: UpdateKeyResultRequest): Promise<CkrResponse> {
    return this.service.updateKeyResult(auth, id, keyResultId, body);
  }
}
