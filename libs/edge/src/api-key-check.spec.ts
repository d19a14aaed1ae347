import { generateApiKey, hashApiKey } from '@pds/auth';
import { AppException, AuthContext, Role } from '@pds/contracts';
import { ApiKeyCache } from './api-key-cache';
import { checkApiKey } from './api-key-check';

const caller: AuthContext = { organizationId: 'o', userId: 'u', keyId: 'k', role: Role.DEV };

function recorder() {
  const calls: string[] = [];
  return { calls, attempt: { beforeLookup: () => void calls.push('beforeLookup'), failed: () => void calls.push('failed') } };
}

describe('checkApiKey', () => {
  const known = generateApiKey();
  const cache = new ApiKeyCache(60_000, async (keyHash) => (keyHash === hashApiKey(known) ? caller : null));

  it('counts a malformed key as a failure after asking the budget, and adds the hint', async () => {
    const { calls, attempt } = recorder();
    await expect(checkApiKey('not-a-key', cache, attempt, 'Create one first.')).rejects.toMatchObject({
      code: 'Unauthorized',
      message: 'Malformed API key. Create one first.',
    });
    expect(calls).toEqual(['beforeLookup', 'failed']);
  });

  it('asks the budget only when the key is not cached', async () => {
    const first = recorder();
    await expect(checkApiKey(known, cache, first.attempt)).resolves.toBe(caller);
    const second = recorder();
    await expect(checkApiKey(known, cache, second.attempt)).resolves.toBe(caller);
    expect([first.calls, second.calls]).toEqual([['beforeLookup'], []]);
  });

  it('counts an unknown or revoked key as a failure', async () => {
    const { calls, attempt } = recorder();
    const refused = await checkApiKey(generateApiKey(), cache, attempt).catch((error: AppException) => error);
    expect(refused).toMatchObject({ code: 'Unauthorized', message: 'Unknown or revoked API key' });
    expect(calls).toEqual(['beforeLookup', 'failed']);
  });
});
