import { Provider } from '@nestjs/common';
import { TrashConfig, loadConfig, trashOptionsFrom } from '@pds/config';
import { DeliveryTrashKind } from '@pds/contracts';
import { RecordTrash, TrashPurgeJob } from '@pds/messaging';
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

/** How a 404 names each kind, as the kinds' own services do. */
const RESOURCES: Record<DeliveryTrashKind, string> = {
  work_item: 'Work item',
  sprint: 'Sprint',
  label: 'Label',
  team: 'Team',
  intake: 'Intake submission',
  changelog: 'Changelog entry',
};

/** The delivery context's trash (injection token). */
export class DeliveryTrash extends RecordTrash<DeliveryTrashKind, DeliveryTx> {}

/** Its purge job (injection token). */
export class DeliveryTrashPurge extends TrashPurgeJob {}

export const deliveryTrashProviders: Provider[] = [
  {
    provide: DeliveryTrash,
    useFactory: (outbox: DeliveryOutbox, prisma: PrismaClient) => new DeliveryTrash(outbox, DELIVERY_TRASH, prisma, trashOptionsFrom(loadConfig(TrashConfig)), RESOURCES),
    inject: [DeliveryOutbox, PrismaClient],
  },
  { provide: DeliveryTrashPurge, useFactory: (trash: DeliveryTrash) => new DeliveryTrashPurge(trash), inject: [DeliveryTrash] },
];
