import { Inject, Injectable } from '@nestjs/common';
import { EVENT_TYPES, EventEnvelope, EventType } from '@pds/contracts';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { DeliveryRepository } from '../deliveries/delivery.repository';
import { DeliveryWorker } from './delivery.worker';

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
    @Inject(DeliveryRepository) private readonly deliveries: DeliveryRepository,
    @Inject(DeliveryWorker) private readonly worker: DeliveryWorker,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
  ) {}

  async accept(envelope: EventEnvelope): Promise<void> {
    if (!(EVENT_TYPES as readonly string[]).includes(envelope.event)) return;
    // With spare capacity the new rows are claimed by this process as they are inserted and
    // attempted at once; otherwise they wait for a worker's claim like any due row.
    const claim = this.worker.hasCapacity();
    const rows = await this.deliveries.fanOut(
      envelope.organizationId,
      { id: envelope.id, type: envelope.event, body: webhookBody(envelope) },
      claim ? this.options.leaseMs : null,
    );
    if (claim) this.worker.startClaimed(rows);
    else if (rows.length) this.worker.notify();
  }
}
