import type { Database } from '@pds/persistence';

export interface AttemptOutcome {
  deliveryId: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseBody: string | null;
  attemptedAt: Date;
  roundAttempts: number;
  /** Delay before the next attempt; null when none follows. */
  delayMs: number | null;
}

/**
 * Writes attempt outcomes in batches: every outcome that arrives while a write is under way goes
 * into the next single statement (attempt rows + delivery updates), so under load the database
 * sees one round trip per batch instead of one per attempt, and when idle nothing waits.
 */
export class AttemptRecorder {
  private queue: { outcome: AttemptOutcome; done: (error?: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

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
      const rows = batch.map((entry) => entry.outcome);
      try {
        await this.db.sql.query(
          `WITH r AS (
             SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::timestamptz[], $8::int[], $9::int[])
               AS r(id, status, status_code, latency_ms, error, response_body, attempted_at, round_attempts, delay_ms)),
           attempt AS (
             INSERT INTO webhooks.attempts (id, delivery_id, attempted_at, status_code, latency_ms, error, response_body)
             SELECT gen_random_uuid(), r.id, r.attempted_at, r.status_code, r.latency_ms, r.error, r.response_body
               FROM r JOIN webhooks.deliveries d ON d.id = r.id)
           UPDATE webhooks.deliveries d
              SET status = r.status::webhooks."WebhookDeliveryStatus", status_code = r.status_code, error = r.error,
                  attempts = d.attempts + 1, round_attempts = r.round_attempts,
                  next_attempt_at = CASE WHEN r.delay_ms IS NULL THEN NULL ELSE now() + make_interval(secs => r.delay_ms / 1000.0) END,
                  delivered_at = CASE WHEN r.status = 'DELIVERED' THEN now() ELSE d.delivered_at END,
                  lease_until = NULL
             FROM r WHERE d.id = r.id`,
          [
            rows.map((o) => o.deliveryId),
            rows.map((o) => o.status),
            rows.map((o) => o.statusCode),
            rows.map((o) => o.latencyMs),
            rows.map((o) => o.error),
            rows.map((o) => o.responseBody),
            rows.map((o) => o.attemptedAt.toISOString()),
            rows.map((o) => o.roundAttempts),
            rows.map((o) => o.delayMs),
          ],
        );
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
    this.writing = false;
  }
}
