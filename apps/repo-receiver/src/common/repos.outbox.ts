import { OutboxRelay, TransactionalOutbox, transactionalOutboxProviders } from '@pds/messaging';
import { Prisma, PrismaClient } from '../generated/repos/client';
import { REPOS_SCHEMA } from './repos.prisma';

/**
 * Publishes the repos context's outbox (injection token of its relay). Stored deliveries gather
 * for the relay's coalescing interval (20 ms between drains), so one claim and one mark serve every
 * delivery of those milliseconds.
 */
export class ReposOutboxRelay extends OutboxRelay {}

/** The repos context's transactions for connection changes: they write only their audit entries. */
export class ReposOutbox extends TransactionalOutbox<Prisma.TransactionClient, never> {}

/** The relay and the transactions over the repos Prisma client. */
export const reposOutboxProviders = transactionalOutboxProviders(ReposOutbox, ReposOutboxRelay, PrismaClient, REPOS_SCHEMA);
