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
  DELIVERY_TRASH_KINDS,
  DeliverySubjects as S,
  DeliveryTrashKind,
  TrashEntryResponse,
} from '@pds/contracts';
import { MessageController } from '@pds/messaging';
import { DeliveryTrash } from './delivery-trash';

@MessageController()
export class DeliveryTrashHandler {
  constructor(@Inject(DeliveryTrash) private readonly trash: DeliveryTrash) {}

  @MessagePattern(S.recordDelete)
  delete(@Payload() { auth, type, id }: DeleteRecordRequest): Promise<DeletedRecordResponse> {
    if (!(DELIVERY_TRASH_KINDS as readonly string[]).includes(type)) throw new NotFoundError('Record', id);
    return this.trash.delete(auth, type as DeliveryTrashKind, id);
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
