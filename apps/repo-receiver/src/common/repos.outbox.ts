import { OutboxRelay, outboxRelayProvider } from '@pds/messaging';
import { REPOS_SCHEMA } from './repos.prisma';

/** Publishes the repos context's outbox (injection token of its relay). */
export class ReposOutboxRelay extends OutboxRelay {}

export const reposOutboxProvider = outboxRelayProvider(ReposOutboxRelay, REPOS_SCHEMA);
