import { Injectable } from '@nestjs/common';

/**
 * "Deliveries may be due that nobody holds": what queueing a delivery (fan-out's unclaimed rows, a
 * test ping, a redelivery) tells the worker of this process, which then claims them at once rather
 * than at its next poll. A signal of its own, so that what queues deliveries need not know the
 * worker (sending/ depends on deliveries/, not the other way round).
 */
@Injectable()
export class DueDeliveries {
  private listener?: () => void;

  notify(): void {
    this.listener?.();
  }

  /** The worker's claim (one worker per process). */
  onNotify(listener: () => void): void {
    this.listener = listener;
  }
}
