import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EventEnvelope, REPO_DELIVERY_RECEIVED_EVENT, ServiceUnavailableError, eventSubject } from '@pds/contracts';
import { MessageController, durable } from '@pds/messaging';
import { Metrics } from '@pds/observability';
import { isDatabaseUnavailable } from '@pds/persistence';
import { KeyedBatches } from './keyed-batches';
import { DeliveryToProcess, LinkService } from './link.service';

/**
 * Stored deliveries one receiver process takes from the stream before the first is done: enough
 * to fill batches, bounded so that what waits stays well within the stream's 30 s ack wait.
 */
const IN_FLIGHT = 400;

/** Most deliveries one batch processes (one statement per kind of artifact). */
const MAX_BATCH = 100;

/**
 * Batches written at once. Two overlap one batch's round trips with the next one's work and hold
 * at most two of the pool's ten connections, so acknowledgements always find one.
 */
const MAX_CONCURRENT_BATCHES = 2;

/**
 * Durable consumer of stored deliveries: JetStream in the distributed run, the in-process stream in
 * standalone. A delivery acknowledged but not processed when the process died is processed after
 * the restart: the outbox holds it until published, the stream until this handler resolves.
 * Messages wait here to be processed in batches (LinkService); a batch holds at most one delivery
 * per repository (`orderKey`) and a repository's next delivery waits for the batch holding its
 * previous one, so a pull request's "opened" never overwrites the "merged" after it and a branch is
 * created before the pull request that names it moves the item.
 */
@MessageController()
export class DeliveryHandler {
  private readonly batches: KeyedBatches<DeliveryToProcess>;

  constructor(
    @Inject(LinkService) links: LinkService,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {
    this.batches = new KeyedBatches((batch) => links.process(batch), {
      maxBatch: MAX_BATCH,
      maxConcurrent: MAX_CONCURRENT_BATCHES,
      // delivery-intake or the database away: every delivery would fail alone too.
      isolate: (error) => !(error instanceof ServiceUnavailableError) && !isDatabaseUnavailable(error),
    });
  }

  @EventPattern(eventSubject(REPO_DELIVERY_RECEIVED_EVENT), durable('repo-receiver', { concurrency: IN_FLIGHT }))
  onDeliveryReceived(@Payload() envelope: EventEnvelope): Promise<void> {
    const { deliveryId, orderKey } = envelope.data as { deliveryId?: unknown; orderKey?: unknown };
    if (typeof deliveryId !== 'string') return Promise.resolve();
    return this.batches.add(typeof orderKey === 'string' ? orderKey : deliveryId, { organizationId: envelope.organizationId, deliveryId }).then(
      () => void this.metrics.repoDeliveriesProcessed.inc({ outcome: 'processed' }),
      (error: unknown) => {
        // The event comes back (at-least-once): a failure here is retried, and counted again.
        this.metrics.repoDeliveriesProcessed.inc({ outcome: 'failed' });
        throw error;
      },
    );
  }
}
