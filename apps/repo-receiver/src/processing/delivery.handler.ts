import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EventEnvelope, eventSubject } from '@pds/contracts';
import { MessageController, durable } from '@pds/messaging';
import { DELIVERY_RECEIVED_EVENT } from '../common/repos.outbox';
import { LinkService } from './link.service';

/**
 * Durable consumer of stored deliveries: JetStream in the distributed run, the in-process stream in
 * standalone. A delivery acknowledged but not processed when the process died is processed after
 * the restart: the outbox holds it until published, the stream until this handler resolves.
 */
@MessageController()
export class DeliveryHandler {
  constructor(@Inject(LinkService) private readonly links: LinkService) {}

  @EventPattern(eventSubject(DELIVERY_RECEIVED_EVENT), durable('repo-receiver'))
  onDeliveryReceived(@Payload() envelope: EventEnvelope): Promise<void> {
    const deliveryId = typeof envelope.data?.deliveryId === 'string' ? envelope.data.deliveryId : undefined;
    return deliveryId ? this.links.process(envelope.organizationId, deliveryId) : Promise.resolve();
  }
}
