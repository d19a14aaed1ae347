import { CreateLabelRequest, DeliverySubjects as D, ListRequest } from '@pds/contracts';
import { MessageController, RecordHandlers } from '@pds/messaging';
import { LabelService } from './label.service';

@MessageController()
export class LabelHandler extends RecordHandlers(LabelService, {
  list: [D.labelList, ListRequest],
  create: [D.labelCreate, CreateLabelRequest],
}) {}
