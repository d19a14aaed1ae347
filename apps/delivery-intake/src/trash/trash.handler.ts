import { DELIVERY_TRASH_KINDS, DeliverySubjects } from '@pds/contracts';
import { MessageController, TrashHandlers } from '@pds/messaging';
import { DeliveryTrash } from './delivery-trash';

@MessageController()
export class DeliveryTrashHandler extends TrashHandlers(DeliveryTrash, DELIVERY_TRASH_KINDS, DeliverySubjects.recordDelete) {}
