import type { AuthContext } from '@pds/contracts';
import { ApiKeyCache } from './api-key-cache';
import { apiKeyFromHeaders } from './api-key-header';

const auth: AuthContext = { organizationId: 'o', userId: 'u', role: 'DEV', keyId: 'k' };

describe('apiKeyFromHeaders', () => {
  it('takes x-api-key first, then a bearer token', () => {
    expect(apiKeyFromHeaders({ 'x-api-key': 'pos_sk_a', authorization: 'Bearer pos_sk_b' })).toBe('pos_sk_a');
    expect(apiKeyFromHeaders({ authorization: 'Bearer pos_sk_b' })).toBe('pos_sk_b');
    expect(apiKeyFromHeaders({ authorization: 'bearer  pos_sk_c ' })).toBe('pos_sk_c');
    expect(apiKeyFromHeaders({ authorization: 'Basic abc' })).toBe('Basic abc');
    expect(apiKeyFromHeaders({})).toBeUndefined();
  });
});

describe('ApiKeyCache', () => {
  it('looks a key up once while cached, shares concurrent misses, and forgets an evicted key', async () => {
    let lookups = 0;
    const cache = new ApiKeyCache(60_000, async (hash) => {
      lookups += 1;
      return hash === 'known' ? auth : null;
    });
    expect(await Promise.all([cache.get('known'), cache.get('known')])).toEqual([auth, auth]);
    expect(await cache.get('known')).toBe(auth);
    expect(lookups).toBe(1);
    expect(await cache.get('unknown')).toBeNull();
    cache.evict('known');
    await cache.get('known');
    expect(lookups).toBe(3);
  });

  it('does not cache with a TTL of 0', async () => {
    let lookups = 0;
    const cache = new ApiKeyCache(0, async () => (lookups += 1, auth));
    await cache.get('k');
    await cache.get('k');
    expect(lookups).toBe(2);
  });
});
