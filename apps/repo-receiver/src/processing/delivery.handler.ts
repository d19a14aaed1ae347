import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EventEnvelope, REPO_DELIVERY_RECEIVED_EVENT, eventSubject } from '@pds/contracts';
import { MessageController, durable } from '@pds/messaging';
import { Metrics } from '@pds/observability';
import { KeyedQueue } from './keyed-queue';
import { LinkService } from './link.service';

/** Deliveries one receiver process links at once; below DATABASE_POOL_SIZE (10) so acknowledgements still find a connection. */
const CONCURRENCY = 8;

/**
 * Durable consumer of stored deliveries: JetStream in the distributed run, the in-process stream in
 * standalone. A delivery acknowledged but not processed when the process died is processed after
 * the restart: the outbox holds it until published, the stream until this handler resolves.
 * Deliveries of different repositories run concurrently; those of one repository keep their
 * arrival order (`orderKey`), so a pull request's "opened" never overwrites the "merged" after it
 * and a branch is created before the pull request that names it moves the item.
 */
@MessageController()
export class DeliveryHandler {
  private readonly ordered = new KeyedQueue();

  constructor(
    @Inject(LinkService) private readonly links: LinkService,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  @EventPattern(eventSubject(REPO_DELIVERY_RECEIVED_EVENT), durable('repo-receiver', { concurrency: CONCURRENCY }))
  onDeliveryReceived(@Payload() envelope: EventEnvelope): Promise<void> {
    const { deliveryId, orderKey } = envelope.data as { deliveryId?: unknown; orderKey?: unknown };
    if (typeof deliveryId !== 'string') return Promise.resolve();
    return this.ordered.run(typeof orderKey === 'string' ? orderKey : deliveryId, () => this.process(envelope.organizationId, deliveryId));
  }

  private async process(organizationId: string, deliveryId: string): Promise<void> {
    try {
      await this.links.process(organizationId, deliveryId);
      this.metrics.repoDeliveriesProcessed.inc({ outcome: 'processed' });
    } catch (error) {
      // The event comes back (at-least-once): a failure here is retried, and counted again.
      this.metrics.repoDeliveriesProcessed.inc({ outcome: 'failed' });
      throw error;
    }
  }
}
