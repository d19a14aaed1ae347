import { MessagePattern, Payload } from '@nestjs/microservices';
import { CkrResponse, CreateCkrRequest, ListCkrsRequest, StrategySubjects as S, UpdateCkrRequest, UpdateKeyResultRequest } from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyRecordHandlers } from '../common/strategy-record.handler';
import { CkrService } from './ckr.service';

@MessageController()
export class CkrHandler extends StrategyRecordHandlers(CkrService, 'ckr', { create: CreateCkrRequest, list: ListCkrsRequest, update: UpdateCkrRequest }) {
  @MessagePattern(S.keyResultUpdate)
  updateKeyResult(@Payload() { auth, id, keyResultId, body }: UpdateKeyResultRequest): Promise<CkrResponse> {
    return this.service.updateKeyResult(auth, id, keyResultId, body);
  }
}
