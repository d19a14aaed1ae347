import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EVENT_TYPES, EventEnvelope, EventType } from '@pds/contracts';
import { EventConsumer } from '@pds/messaging';
import { DATABASE, Database } from '@pds/persistence';
import { DeliveryWorker } from './delivery.worker';

export const DISPATCHER_DURABLE = 'webhook-dispatcher';

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
export class EventIntake implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(DeliveryWorker) private readonly worker: DeliveryWorker,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumer.consume({ durableName: DISPATCHER_DURABLE, eventTypes: EVENT_TYPES }, (envelope) => this.accept(envelope));
  }

  async accept(envelope: EventEnvelope): Promise<void> {
    if (!(EVENT_TYPES as readonly string[]).includes(envelope.event)) return;
    const rows = await this.db.sql.query<{ id: string }>(
      `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, body, next_attempt_at)
       SELECT gen_random_uuid(), s.organization_id, s.id, $3::uuid, $2, $4, now()
         FROM webhooks.subscriptions s
        WHERE s.organization_id = $1::uuid AND s.active AND $2 = ANY(s.events)
       ON CONFLICT (event_id, webhook_id) DO NOTHING
       RETURNING id`,
      [envelope.organizationId, envelope.event, envelope.id, webhookBody(envelope)],
    );
    if (rows.length) this.worker.notify();
  }
}
