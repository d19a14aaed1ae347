import { DeliveryRecords } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { SprintService } from './sprint.service';

@MessageController()
export class SprintHandler extends RecordHandlers(SprintService, DeliveryRecords.sprint) {}
