import { OutboxRelay, TransactionalOutbox, transactionalOutboxProviders } from '@pds/messaging';
import type { Prisma } from '../generated/identity/client';
import { PrismaClient } from '../generated/identity/client';

/** Publishes identity's outbox (injection token of its relay). */
export class IdentityOutboxRelay extends OutboxRelay {}

/**
 * Identity's transactions: it announces no domain events, only the audit entries of its changes
 * (users, keys, organization settings, bootstrap), which reach the audit log like every context's.
 */
export class IdentityOutbox extends TransactionalOutbox<Prisma.TransactionClient, never> {}

export const identityOutboxProviders = transactionalOutboxProviders(IdentityOutbox, IdentityOutboxRelay, PrismaClient, 'identity');
