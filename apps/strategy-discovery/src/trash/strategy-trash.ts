import { Provider } from '@nestjs/common';
import { TrashConfig, loadConfig, trashOptionsFrom } from '@pds/config';
import { StrategyTrashKind } from '@pds/contracts';
import { RecordTrash, TrashPurgeJob } from '@pds/messaging';
import { TrashStore } from '@pds/persistence';
import { StrategyOutbox } from '../database/strategy.outbox';
import { STRATEGY_SCHEMA, StrategyTx } from '../database/strategy.prisma';
import { PrismaClient } from '../generated/strategy/client';

/** The strategy records that go to the trash: table and title column of each kind. */
export const STRATEGY_TRASH = new TrashStore<StrategyTrashKind>(STRATEGY_SCHEMA, [
  { kind: 'annual_goal', table: 'annual_goals', title: 'title' },
  { kind: 'product_goal', table: 'product_goals', title: 'title' },
  { kind: 'planning_cycle', table: 'planning_cycles', title: 'name' },
  { kind: 'ckr', table: 'ckrs', title: 'title' },
  { kind: 'opportunity', table: 'opportunities', title: 'title' },
  { kind: 'solution', table: 'solutions', title: 'title' },
  { kind: 'experiment', table: 'experiments', title: 'title' },
  { kind: 'interview', table: 'interviews', title: 'title' },
  { kind: 'insight', table: 'insights', title: 'title' },
]);

/** How a 404 names each kind, as the kinds' own services do. */
const RESOURCES: Record<StrategyTrashKind, string> = {
  annual_goal: 'Annual goal',
  product_goal: 'Product goal',
  planning_cycle: 'Planning cycle',
  ckr: 'OKR',
  opportunity: 'Opportunity',
  solution: 'Solution',
  experiment: 'Experiment',
  interview: 'Interview',
  insight: 'Insight',
};

/** The strategy context's trash (injection token). */
export class StrategyTrash extends RecordTrash<StrategyTrashKind, StrategyTx> {}

/** Its purge job (injection token). */
export class StrategyTrashPurge extends TrashPurgeJob {}

export const strategyTrashProviders: Provider[] = [
  {
    provide: StrategyTrash,
    useFactory: (outbox: StrategyOutbox, prisma: PrismaClient) => new StrategyTrash(outbox, STRATEGY_TRASH, prisma, trashOptionsFrom(loadConfig(TrashConfig)), RESOURCES),
    inject: [StrategyOutbox, PrismaClient],
  },
  { provide: StrategyTrashPurge, useFactory: (trash: StrategyTrash) => new StrategyTrashPurge(trash), inject: [StrategyTrash] },
];
