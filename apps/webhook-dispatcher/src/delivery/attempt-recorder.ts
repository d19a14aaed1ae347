import type { AttemptOutcome, DeliveryRepository } from '../deliveries/delivery.repository';

export type { AttemptOutcome } from '../deliveries/delivery.repository';

/**
 * Writes attempt outcomes in batches: every outcome that arrives while a write is under way goes
 * into the next single statement (attempt rows + delivery updates), so under load the database
 * sees one round trip per batch instead of one per attempt, and when idle nothing waits.
 */
export class AttemptRecorder {
  private queue: { outcome: AttemptOutcome; done: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly deliveries: DeliveryRepository) {}

  record(outcome: AttemptOutcome): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ outcome, done: (error) => (error ? reject(error) : resolve()) });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.queue.length) {
      const batch = this.queue.splice(0, 500);
      try {
        await this.deliveries.recordAttempts(batch.map((entry) => entry.outcome));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
    this.writing = false;
  }
}
