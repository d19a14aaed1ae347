import { OutboxRelay, outboxRelayProvider } from '@pds/messaging';
import { REPOS_SCHEMA } from './repos.prisma';

/**
 * How long the relay lets stored deliveries gather before it publishes them: a few milliseconds of
 * processing latency buy one claim and one mark for every delivery of those milliseconds instead
 * of one each per acknowledged group.
 */
const PUBLISH_COALESCE_MS = 20;

/** Publishes the repos context's outbox (injection token of its relay). */
export class ReposOutboxRelay extends OutboxRelay {
  private coalescing?: NodeJS.Timeout;

  override notify(): void {
    if (this.coalescing) return;
    this.coalescing = setTimeout(() => {
      this.coalescing = undefined;
      super.notify();
    }, PUBLISH_COALESCE_MS);
    this.coalescing.unref();
  }
}

export const reposOutboxProvider = outboxRelayProvider(ReposOutboxRelay, REPOS_SCHEMA);
