import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';

export type IdempotencyClaim =
  | { kind: 'new' }
  | { kind: 'mismatch' }
  | { kind: 'pending' }
  | { kind: 'done'; statusCode: number; response: unknown };

/** Idempotency records live 24 hours (Stripe's window); an older key is free again. */
const WINDOW = `interval '24 hours'`;

/**
 * The `identity.idempotency_keys` table: one row per (API key or operator, Idempotency-Key).
 * tenant-scope: no tenant data. Rows are scoped by the API key (which belongs to one organization)
 * or the operator, not by an organization column.
 */
@Injectable()
export class IdempotencyRepository {
  private lastPrune = 0;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Takes the key for this request, or says why not: another request, still running, or answered. */
  async claim(scope: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
    const claimed = await this.db.sql.query<{ claimed: boolean }>(
      `INSERT INTO identity.idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (scope, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, status_code = NULL, response = NULL, created_at = now()
         WHERE identity.idempotency_keys.created_at < now() - ${WINDOW}
       RETURNING true AS claimed`,
      [scope, key, requestHash],
    );
    if (claimed.length) {
      void this.pruneOccasionally();
      return { kind: 'new' };
    }
    const [row] = await this.db.sql.query<{ request_hash: string; status_code: number | null; response: unknown }>(
      'SELECT request_hash, status_code, response FROM identity.idempotency_keys WHERE scope = $1 AND key = $2',
      [scope, key],
    );
    if (!row) return this.claim(scope, key, requestHash);
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.status_code === null) return { kind: 'pending' };
    return { kind: 'done', statusCode: row.status_code, response: row.response };
  }

  async complete(scope: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db.sql.query('UPDATE identity.idempotency_keys SET status_code = $3, response = $4::jsonb WHERE scope = $1 AND key = $2', [
      scope,
      key,
      statusCode,
      JSON.stringify(response ?? null),
    ]);
  }

  /** The request failed in a way worth retrying (5xx): the key is free for the retry. */
  async release(scope: string, key: string): Promise<void> {
    await this.db.sql.query('DELETE FROM identity.idempotency_keys WHERE scope = $1 AND key = $2 AND status_code IS NULL', [scope, key]);
  }

  private async pruneOccasionally(): Promise<void> {
    if (Date.now() - this.lastPrune < 3600_000) return;
    this.lastPrune = Date.now();
    await this.db.sql.query(`DELETE FROM identity.idempotency_keys WHERE created_at < now() - ${WINDOW}`).catch(() => undefined);
  }
}
