import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface OperatorToken {
  token: string;
  /** Where the token is kept, when it came from DATA_DIR rather than the environment. */
  file?: string;
  generated: boolean;
}

/**
 * OPERATOR_TOKEN from the environment wins. Otherwise the token kept in DATA_DIR is used, and on
 * the first start one is generated there (owner-readable only). The token itself is never printed.
 */
export function resolveOperatorToken(fromEnv: string | undefined, dataDir: string): OperatorToken {
  if (fromEnv) return { token: fromEnv, generated: false };
  const file = path.join(dataDir, 'operator-token');
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), file, generated: false };
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, file, generated: true };
}
