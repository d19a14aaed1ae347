import type { BoundedContext } from './contexts';
import type { Database } from './database';

/** Contexts that keep settings of their own (a `settings` table of name and value in their schema). */
export type ContextWithSettings = Extract<BoundedContext, 'webhooks' | 'repos'>;

/**
 * tenant-scope: no tenant data. A context's own settings (`<context>.settings`), shared by every
 * replica of its app: today the secret key generated when none is configured (openSecretBox).
 */
export class ContextSettings {
  constructor(
    private readonly db: Database,
    private readonly context: ContextWithSettings,
  ) {}

  /**
   * The stored value of `name`; stores `initial` first when there is none (the first replica wins).
   * Two statements, not one: a statement's snapshot may predate the winning replica's insert, which
   * its own `ON CONFLICT DO NOTHING` then waited for.
   */
  async getOrInit(name: string, initial: string): Promise<string> {
    await this.db.sql.query(`INSERT INTO ${this.context}.settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, initial]);
    const [row] = await this.db.sql.query<{ value: string }>(`SELECT value FROM ${this.context}.settings WHERE name = $1`, [name]);
    return row.value;
  }
}
