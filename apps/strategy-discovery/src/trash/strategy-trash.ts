import { StrategyTrashKind } from '@pds/contracts';
import { RecordTrash, trashProviders } from '@pds/messaging';
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

/** The strategy context's trash (injection token). */
export class StrategyTrash extends RecordTrash<StrategyTrashKind, StrategyTx> {}

export const strategyTrashProviders = trashProviders(StrategyTrash, STRATEGY_TRASH, StrategyOutbox, PrismaClient);
