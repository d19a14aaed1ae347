import { DeliveryTrashKind } from '@pds/contracts';
import { RecordTrash, trashProviders } from '@pds/messaging';
import { TrashStore } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { DELIVERY_SCHEMA, DeliveryTx } from '../common/delivery.prisma';
import { PrismaClient } from '../generated/delivery/client';

/** The delivery records that go to the trash: table and title column of each kind. */
export const DELIVERY_TRASH = new TrashStore<DeliveryTrashKind>(DELIVERY_SCHEMA, [
  { kind: 'work_item', table: 'work_items', title: 'title' },
  { kind: 'sprint', table: 'sprints', title: 'name' },
  { kind: 'label', table: 'labels', title: 'name' },
  { kind: 'team', table: 'teams', title: 'name' },
  { kind: 'intake', table: 'intake_submissions', title: 'title' },
  { kind: 'changelog', table: 'changelog_entries', title: 'title' },
]);

/** The delivery context's trash (injection token). */
export class DeliveryTrash extends RecordTrash<DeliveryTrashKind, DeliveryTx> {}

export const deliveryTrashProviders = trashProviders(DeliveryTrash, DELIVERY_TRASH, DeliveryOutbox, PrismaClient);
