import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EventEnvelope } from '@pds/contracts';
import { ALL_EVENTS, MessageController, durable } from '@pds/messaging';
import { EventIntake } from './event-intake';

/** Every domain event; the intake keeps the contract's types and drops internal ones. */
@MessageController()
export class EventIntakeHandler {
  constructor(@Inject(EventIntake) private readonly intake: EventIntake) {}

  @EventPattern(ALL_EVENTS, durable('webhook-dispatcher'))
  onEvent(@Payload() envelope: EventEnvelope): Promise<void> {
    return this.intake.accept(envelope);
  }
}
