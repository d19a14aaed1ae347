import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EventEnvelope } from '@pds/contracts';
import { ALL_EVENTS, MessageController, durable } from '@pds/messaging';
import { FanOutService } from './fan-out.service';

/**
 * Events one dispatcher takes from the stream before the first is stored: several at once is what
 * lets FanOutService store them in one statement (webhook receivers get no ordering guarantee, so
 * nothing is lost by not waiting for each); bounded well within the stream's 30 s ack wait.
 */
const IN_FLIGHT = 200;

/** Every domain event; the fan-out keeps the contract's types and drops internal ones. */
@MessageController()
export class FanOutHandler {
  constructor(@Inject(FanOutService) private readonly fanOut: FanOutService) {}

  @EventPattern(ALL_EVENTS, durable('webhook-dispatcher', { concurrency: IN_FLIGHT }))
  onEvent(@Payload() envelope: EventEnvelope): Promise<void> {
    return this.fanOut.accept(envelope);
  }
}
