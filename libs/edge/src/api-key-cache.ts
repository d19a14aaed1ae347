import type { AuthContext } from '@pds/contracts';

interface CacheEntry {
  auth: AuthContext | null;
  expiresAt: number;
}

const MAX_CACHE_ENTRIES = 50_000;

/**
 * Verified keys (and unknown ones) by hash for a few seconds, so the hot path of an edge costs one
 * hash and one map lookup; concurrent misses for one key share a single lookup. When full, the key
 * used longest ago makes room (a flood of unknown keys cannot flush the keys in use). The owner evicts a
 * revoked key at once (`evict`), and the short TTL bounds the delay should a revocation broadcast be lost.
 */
export class ApiKeyCache {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<AuthContext | null>>();

  constructor(
    private readonly ttlMs: number,
    private readonly lookup: (keyHash: string) => Promise<AuthContext | null>,
    private readonly maxEntries = MAX_CACHE_ENTRIES,
  ) {}

  /** The cached answer for a key, or undefined when it must be looked up. */
  cached(keyHash: string): AuthContext | null | undefined {
    const cached = this.cache.get(keyHash);
    if (!cached || cached.expiresAt <= Date.now()) return undefined;
    // Most recently used last: a full cache evicts the key used longest ago.
    this.cache.delete(keyHash);
    this.cache.set(keyHash, cached);
    return cached.auth;
  }

  get(keyHash: string): Promise<AuthContext | null> {
    const cached = this.cached(keyHash);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.inFlight.get(keyHash);
    if (!pending) {
      pending = this.load(keyHash).finally(() => this.inFlight.delete(keyHash));
      this.inFlight.set(keyHash, pending);
    }
    return pending;
  }

  evict(keyHash: string): void {
    this.cache.delete(keyHash);
  }

  private async load(keyHash: string): Promise<AuthContext | null> {
    const auth = await this.lookup(keyHash);
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    if (this.ttlMs > 0) this.cache.set(keyHash, { auth, expiresAt: Date.now() + this.ttlMs });
    return auth;
  }
}
