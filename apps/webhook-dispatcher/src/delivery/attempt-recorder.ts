import type { AttemptOutcome, DeliveryRepository } from '../deliveries/delivery.repository';

export type { AttemptOutcome } from '../deliveries/delivery.repository';

/**
 * How long the first outcome after a quiet spell waits for others. The attempts of one event end
 * within a few milliseconds of each other; without the wait the first of them went alone into a
 * statement and the rest into a second one. Nothing a subscriber sees waits for it.
 */
export const RECORD_LINGER_MS = 10;

/**
 * Writes attempt outcomes in batches: every outcome that arrives while a write is under way (or
 * within RECORD_LINGER_MS of the first one) goes into the next single statement (attempt rows +
 * delivery updates), so the database sees one round trip per batch instead of one per attempt.
 */
export class AttemptRecorder {
  private queue: { outcome: AttemptOutcome; done: (error?: unknown) => void }[] = [];
  private writing = false;
  private lingering?: NodeJS.Timeout;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly lingerMs = RECORD_LINGER_MS,
  ) {}

  record(outcome: AttemptOutcome): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ outcome, done: (error) => (error ? reject(error) : resolve()) });
      if (this.writing || this.lingering) return;
      this.lingering = setTimeout(() => {
        this.lingering = undefined;
        void this.flush();
      }, this.lingerMs);
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
