import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeleteRecordRequest, DeletedRecordResponse, STRATEGY_TRASH_KINDS, StrategySubjects as S, StrategyTrashKind } from '@pds/contracts';
import { MessageController, TrashHandler } from '@pds/messaging';
import { StrategyTrash } from './strategy-trash';

@MessageController()
export class StrategyTrashHandler extends TrashHandler<StrategyTrashKind> {
  constructor(@Inject(StrategyTrash) trash: StrategyTrash) {
    super(trash, STRATEGY_TRASH_KINDS);
  }

  @MessagePattern(S.recordDelete)
  delete(@Payload() request: DeleteRecordRequest): Promise<DeletedRecordResponse> {
    return this.deleteOf(request);
  }
}
