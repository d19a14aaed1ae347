import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TYPES, EventEnvelope, EventType } from '@pds/contracts';
import { GroupCommit } from '@pds/persistence';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { DueDeliveries } from '../deliveries/due-deliveries';
import { ClaimedRow, WebhookDeliveryRepository } from '../deliveries/webhook-delivery.repository';
import { DeliveryWorker } from '../sending/delivery.worker';

/** Contact data of an intake submitter never leaves the service (the interface contract requires it). */
const INTAKE_CONTACT_FIELDS = ['submitterName', 'submitterEmail'];

/** Most events one fan-out statement stores (with 10 subscriptions each, 1,000 delivery rows). */
const MAX_EVENTS_PER_STATEMENT = 100;

/** The envelope exactly as subscribers receive it. */
export function webhookBody(envelope: EventEnvelope): string {
  let data = envelope.data;
  if (envelope.event === EventType.IntakeCreated) {
    data = Object.fromEntries(Object.entries(data).filter(([key]) => !INTAKE_CONTACT_FIELDS.includes(key)));
  }
  const { id, event, apiVersion, createdAt, organizationId } = envelope;
  return JSON.stringify({ id, event, apiVersion, createdAt, organizationId, data });
}

/**
 * The fan-out: stores each contract event in the event log (`GET /events`) and turns it into one
 * delivery row per active matching subscription.
 * The unique (event_id, webhook_id) makes a redelivered message a no-op; the message is
 * acknowledged only after the rows are stored (the consumer acks when this handler resolves).
 *
 * Events that arrive together are stored together, a group commit of one statement at a time (the
 * stream hands several to the handler at once, see FanOutHandler). Under load that is one round
 * trip, one plan and one commit for many events instead of one each; alone, an event waits for
 * nothing.
 */
@Injectable()
export class FanOutService {
  // One event the database refuses must not fail the others of its statement: they are stored one by one then.
  private readonly stored = new GroupCommit<EventEnvelope>((envelopes) => this.store(envelopes), {
    maxGroup: MAX_EVENTS_PER_STATEMENT,
    isolateFailures: true,
  });

  constructor(
    @Inject(WebhookDeliveryRepository) private readonly deliveries: WebhookDeliveryRepository,
    @Inject(DeliveryWorker) private readonly worker: DeliveryWorker,
    @Inject(DueDeliveries) private readonly due: DueDeliveries,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
  ) {}

  async accept(envelope: EventEnvelope): Promise<void> {
    if (!(EVENT_TYPES as readonly string[]).includes(envelope.event)) return;
    await this.stored.submit(envelope);
  }

  private async store(envelopes: EventEnvelope[]): Promise<void> {
    const bodies = new Map(envelopes.map((envelope) => [envelope.id, webhookBody(envelope)]));
    const events = envelopes.map((envelope) => ({
      id: envelope.id,
      organizationId: envelope.organizationId,
      type: envelope.event,
      createdAt: envelope.createdAt,
      body: bodies.get(envelope.id) as string,
    }));
    // With spare capacity new rows are claimed by this process as they are inserted and attempted
    // at once; the rest wait for a worker's claim like any due row.
    const rows = await this.deliveries.fanOut(events, this.worker.capacity(), this.options.leaseMs);
    const claimed: ClaimedRow[] = [];
    for (const { claimed: held, ...row } of rows) if (held) claimed.push({ ...row, body: bodies.get(row.event_id) as string });
    this.worker.startClaimed(claimed);
    if (claimed.length < rows.length) this.due.notify();
  }
}
