import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DeleteRecordRequest,
  DeletedRecordResponse,
  GatheredSubjects,
  ListTrashRequest,
  NotFoundError,
  Page,
  RestoreRecordRequest,
  STRATEGY_TRASH_KINDS,
  StrategySubjects as S,
  StrategyTrashKind,
  TrashEntryResponse,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { StrategyTrash } from './strategy-trash';

@MessageController()
export class StrategyTrashHandler {
  constructor(@Inject(StrategyTrash) private readonly trash: StrategyTrash) {}

  @MessagePattern(S.recordDelete)
  delete(@Payload() { auth, type, id }: DeleteRecordRequest): Promise<DeletedRecordResponse> {
    if (!(STRATEGY_TRASH_KINDS as readonly string[]).includes(type)) throw new NotFoundError('Record', id);
    return this.trash.delete(auth, type as StrategyTrashKind, id);
  }

  @MessagePattern(GatheredSubjects.trashList)
  list(@Payload() { auth, query }: ListTrashRequest): Promise<Page<TrashEntryResponse>> {
    return this.trash.list(auth, query);
  }

  @MessagePattern(GatheredSubjects.trashRestore)
  restore(@Payload() { auth, id }: RestoreRecordRequest): Promise<TrashEntryResponse | null> {
    return this.trash.restore(auth, id);
  }
}
