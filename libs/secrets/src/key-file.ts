import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSecretKey } from './secret-box';

/**
 * Standalone: the key from the environment wins; otherwise the key kept in DATA_DIR under
 * `fileName`, generated (owner-readable only) on the first start. The key itself is never printed.
 */
export function resolveSecretKeyFile(fromEnv: string | undefined, dataDir: string, fileName: string): { key: string; file?: string } {
  if (fromEnv) return { key: fromEnv };
  const file = path.join(dataDir, fileName);
  if (existsSync(file)) return { key: readFileSync(file, 'utf8').trim(), file };
  const key = generateSecretKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, file };
}
