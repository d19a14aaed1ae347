import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TYPES, EventEnvelope, EventType } from '@pds/contracts';
import { DATABASE, Database } from '@pds/persistence';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { ClaimedRow, DeliveryWorker, SUBSCRIPTION_COLUMNS } from './delivery.worker';

/** Contact data of an intake submitter never leaves the service (contract 6.2). */
const INTAKE_CONTACT_FIELDS = ['submitterName', 'submitterEmail'];

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
 * Turns each contract event into one delivery row per active matching subscription. The unique
 * (event_id, webhook_id) makes a redelivered message a no-op; the message is acknowledged only
 * after the rows are stored (the consumer acks when this handler resolves).
 */
@Injectable()
export class EventIntake {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(DeliveryWorker) private readonly worker: DeliveryWorker,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
  ) {}

  async accept(envelope: EventEnvelope): Promise<void> {
    if (!(EVENT_TYPES as readonly string[]).includes(envelope.event)) return;
    // With spare capacity the new rows are claimed by this process as they are inserted and
    // attempted at once; otherwise they wait for a worker's claim like any due row.
    const claim = this.worker.hasCapacity();
    const rows = await this.db.sql.query<ClaimedRow>(
      `WITH inserted AS (
         INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, body, next_attempt_at, lease_until)
         SELECT gen_random_uuid(), s.organization_id, s.id, $3::uuid, $2, $4, now(),
                CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(secs => $5::int / 1000.0) END
           FROM webhooks.subscriptions s
          WHERE s.organization_id = $1::uuid AND s.active AND $2 = ANY(s.events)
         ON CONFLICT (event_id, webhook_id) DO NOTHING
         RETURNING id, webhook_id, event_id, body, round_attempts)
       SELECT i.*, ${SUBSCRIPTION_COLUMNS} FROM inserted i JOIN webhooks.subscriptions s ON s.id = i.webhook_id`,
      [envelope.organizationId, envelope.event, envelope.id, webhookBody(envelope), claim ? this.options.leaseMs : null],
    );
    if (claim) this.worker.startClaimed(rows);
    else if (rows.length) this.worker.notify();
  }
}
