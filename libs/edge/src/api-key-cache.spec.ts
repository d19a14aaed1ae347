import { AuthContext, Role } from '@pds/contracts';
import { ApiKeyCache } from './api-key-cache';
import { LookupCache } from './lookup-cache';

const auth = (keyId: string): AuthContext => ({ organizationId: 'o', userId: 'u', role: Role.DEV, keyId });

describe('ApiKeyCache', () => {
  it('makes room by evicting the key used longest ago, not by forgetting everything', async () => {
    const lookups: string[] = [];
    const cache = new ApiKeyCache(60_000, async (hash) => (lookups.push(hash), hash.startsWith('valid') ? auth(hash) : null), 3);
    await cache.get('valid-a');
    await cache.get('valid-b');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.get('valid-a'); // a is now the most recently used
    await cache.get('unknown-1'); // full: 3 entries
    await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.get('unknown-2'); // evicts b, the least recently used
    expect(cache.cached('valid-a')).toMatchObject({ keyId: 'valid-a' });
    expect(cache.cached('valid-b')).toBeUndefined();
    expect(cache.cached('unknown-2')).toBeNull();
    expect(lookups).toEqual(['valid-a', 'valid-b', 'unknown-1', 'unknown-2']);
  });

  it('shares one lookup between concurrent misses and forgets an evicted key', async () => {
    let calls = 0;
    const cache = new ApiKeyCache(60_000, async (hash) => (calls += 1, auth(hash)));
    await Promise.all([cache.get('k'), cache.get('k'), cache.get('k')]);
    expect(calls).toBe(1);
    cache.evict('k');
    expect(cache.cached('k')).toBeUndefined();
  });
});

describe('LookupCache', () => {
  it('does not remember a lookup that was running when its key was evicted', async () => {
    const lookups: ((row: string) => void)[] = [];
    const cache = new LookupCache<string>(60_000, () => new Promise((resolve) => lookups.push(resolve)));
    const before = cache.get('k');
    cache.evict('k'); // the row changed while the first lookup was running
    lookups[0]('old row');
    expect(await before).toBe('old row');
    expect(cache.cached('k')).toBeUndefined();
    const after = cache.get('k');
    lookups[1]('new row');
    expect(await after).toBe('new row');
    expect(cache.cached('k')).toBe('new row');
  });
});
