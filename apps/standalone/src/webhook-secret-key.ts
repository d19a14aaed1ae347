import { generateSecretKey } from '@pds/webhook-dispatcher';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * WEBHOOK_SECRET_KEY from the environment wins; otherwise the key kept in DATA_DIR, generated
 * (owner-readable only) on the first start. The key itself is never printed.
 */
export function resolveWebhookSecretKey(fromEnv: string | undefined, dataDir: string): { key: string; file?: string } {
  if (fromEnv) return { key: fromEnv };
  const file = path.join(dataDir, 'webhook-secret-key');
  if (existsSync(file)) return { key: readFileSync(file, 'utf8').trim(), file };
  const key = generateSecretKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, file };
}
