import { MessagePattern, Payload } from '@nestjs/microservices';
import { CkrResponse, StrategyRecords, StrategySubjects as S, UpdateKeyResultRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { CkrService } from './ckr.service';

@MessageController()
export class CkrHandler extends RecordHandlers(CkrService, StrategyRecords.ckr) {
  @MessagePattern(S.keyResultUpdate)
  updateKeyResult(@Payload() { auth, id, keyResultId, body }: UpdateKeyResultRequest): Promise<CkrResponse> {
    return this.service.updateKeyResult(auth, id, keyResultId, body);
  }
}
