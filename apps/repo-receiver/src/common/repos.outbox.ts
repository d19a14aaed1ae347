import { OutboxRelay, outboxRelayProvider } from '@pds/messaging';
import { REPOS_SCHEMA } from './repos.prisma';

/**
 * Publishes the repos context's outbox (injection token of its relay). Stored deliveries gather
 * for the relay's coalescing interval (20 ms between drains), so one claim and one mark serve every
 * delivery of those milliseconds.
 */
export class ReposOutboxRelay extends OutboxRelay {}

export const reposOutboxProvider = outboxRelayProvider(ReposOutboxRelay, REPOS_SCHEMA);
