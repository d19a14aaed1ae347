import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventEnvelope } from '@pds/contracts';
import { EventConsumer } from '@pds/messaging';
import { DELIVERY_RECEIVED_EVENT } from '../common/repos.outbox';
import { LinkService } from './link.service';

/**
 * Durable consumer of stored deliveries: JetStream in the distributed run, the in-process stream in
 * standalone. A delivery acknowledged but not processed when the process died is redelivered
 * (the outbox holds it until published; the stream until the handler resolves).
 */
@Injectable()
export class DeliveryProcessor implements OnApplicationBootstrap {
  constructor(
    @Inject(EventConsumer) private readonly events: EventConsumer,
    @Inject(LinkService) private readonly links: LinkService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume({ durableName: 'repo-receiver', eventTypes: [DELIVERY_RECEIVED_EVENT] }, (envelope) => this.handle(envelope));
  }

  handle(envelope: EventEnvelope): Promise<void> {
    const deliveryId = typeof envelope.data?.deliveryId === 'string' ? envelope.data.deliveryId : undefined;
    return deliveryId ? this.links.process(envelope.organizationId, deliveryId) : Promise.resolve();
  }
}
