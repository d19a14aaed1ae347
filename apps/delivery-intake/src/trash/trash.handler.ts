import { Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeleteRecordRequest, DeletedRecordResponse, DELIVERY_TRASH_KINDS, DeliverySubjects as S, DeliveryTrashKind } from '@pds/contracts';
import { MessageController, TrashHandler } from '@pds/messaging';
import { DeliveryTrash } from './delivery-trash';

@MessageController()
export class DeliveryTrashHandler extends TrashHandler<DeliveryTrashKind> {
  constructor(@Inject(DeliveryTrash) trash: DeliveryTrash) {
    super(trash, DELIVERY_TRASH_KINDS);
  }

  @MessagePattern(S.recordDelete)
  delete(@Payload() request: DeleteRecordRequest): Promise<DeletedRecordResponse> {
    return this.deleteOf(request);
  }
}
