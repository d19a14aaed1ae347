import { hashApiKey, isWellFormedApiKey } from '@pds/auth';
import { AuthContext, UnauthorizedError } from '@pds/contracts';
import type { ApiKeyCache } from './api-key-cache';
import type { AuthAttempt } from './auth-failures';

/**
 * The caller a presented key belongs to, the same way on every edge: a malformed, unknown or
 * revoked key counts against the client address, and only a key missing from the cache asks the
 * address's budget before it is looked up. `hint` follows each refusal (how to get a valid key).
 */
export async function checkApiKey(key: string, cache: ApiKeyCache, attempt: AuthAttempt, hint?: string): Promise<AuthContext> {
  if (!isWellFormedApiKey(key)) {
    attempt.beforeLookup();
    attempt.failed();
    throw new UnauthorizedError(withHint('Malformed API key', hint));
  }
  const keyHash = hashApiKey(key);
  let auth = cache.cached(keyHash);
  if (auth === undefined) {
    attempt.beforeLookup();
    auth = await cache.get(keyHash);
  }
  if (!auth) {
    attempt.failed();
    throw new UnauthorizedError(withHint('Unknown or revoked API key', hint));
  }
  return auth;
}

function withHint(message: string, hint: string | undefined): string {
  return hint ? `${message}. ${hint}` : message;
}
