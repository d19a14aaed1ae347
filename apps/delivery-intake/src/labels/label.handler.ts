import { DeliveryRecords } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { LabelService } from './label.service';

@MessageController()
export class LabelHandler extends RecordHandlers(LabelService, DeliveryRecords.label) {}
