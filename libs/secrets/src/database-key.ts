import type { Logger } from '@pds/observability';
import type { Database } from '@pds/persistence';
import { SecretBox, generateSecretKey } from './secret-box';

export interface SecretBoxSource {
  /** base64 of 32 bytes from the environment (or standalone's key file); wins when set. */
  key: string | undefined;
  /** Name of that setting, for messages. */
  keyName: string;
  /** The context's `settings` table (`name`, `value`) that keeps a generated key. */
  settingsTable: string;
}

/**
 * The SecretBox of a process. Without a configured key, the first replica generates one into the
 * context's settings table and every replica reads the same one: secrets are then still never
 * stored in clear, but production deployments should set the key so that it lives apart from the data.
 */
export async function openSecretBox(db: Database, logger: Logger, source: SecretBoxSource): Promise<SecretBox> {
  if (source.key) return new SecretBox(source.key, source.keyName);
  await db.sql.query(`INSERT INTO ${source.settingsTable} (name, value) VALUES ('secret_key', $1) ON CONFLICT (name) DO NOTHING`, [generateSecretKey()]);
  const [row] = await db.sql.query<{ value: string }>(`SELECT value FROM ${source.settingsTable} WHERE name = 'secret_key'`);
  logger.warn(`${source.keyName} is not set: secrets are encrypted with a key kept in the database; set it in production`);
  return new SecretBox(row.value, source.keyName);
}
