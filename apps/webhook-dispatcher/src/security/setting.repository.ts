import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';

/** tenant-scope: no tenant data. The dispatcher's own settings (webhooks.settings), shared by every replica. */
@Injectable()
export class SettingRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The stored value of `name`; stores `initial` first when there is none (the first replica wins). */
  async getOrInit(name: string, initial: string): Promise<string> {
    await this.db.sql.query(`INSERT INTO webhooks.settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, initial]);
    const [row] = await this.db.sql.query<{ value: string }>(`SELECT value FROM webhooks.settings WHERE name = $1`, [name]);
    return row.value;
  }
}
