import { Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { IdentitySubjects, RateLimitSyncMessage } from '@pds/contracts';
import { BROADCAST, MessageController } from '@pds/messaging';
import { RateLimiter } from './rate-limiter';

/** Counts of the other replicas; sent once per event-loop turn by each, so not validated here. */
@MessageController()
export class RateLimitSyncHandler {
  constructor(@Inject(RateLimiter) private readonly limiter: RateLimiter) {}

  @EventPattern(IdentitySubjects.rateLimitSync, BROADCAST)
  sync(@Payload() message: RateLimitSyncMessage): void {
    this.limiter.merge(message);
  }
}
