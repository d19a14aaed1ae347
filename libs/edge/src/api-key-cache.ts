import type { AuthContext } from '@pds/contracts';

interface CacheEntry {
  auth: AuthContext | null;
  expiresAt: number;
  lastUsed: number;
}

/** Entries looked at for the one used longest ago (Redis's approximated LRU). */
const EVICTION_SAMPLE = 16;

const MAX_CACHE_ENTRIES = 50_000;

/**
 * Verified keys (and unknown ones) by hash for a few seconds, so the hot path of an edge costs one
 * hash and one map lookup; concurrent misses for one key share a single lookup. When full, a key
 * not used for the longest time among the oldest makes room (a flood of unknown keys cannot flush
 * the keys in use). The owner evicts a
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
    if (!cached) return undefined;
    const now = Date.now();
    if (cached.expiresAt <= now) return undefined;
    cached.lastUsed = now;
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

  /**
   * Makes room: of the oldest entries, the one used longest ago goes (sampling keeps a hit free of
   * any reordering; expired entries are the first to go).
   */
  private evictOne(): void {
    let victim: string | undefined;
    let oldest = Infinity;
    let seen = 0;
    const now = Date.now();
    for (const [hash, entry] of this.cache) {
      const used = entry.expiresAt <= now ? -1 : entry.lastUsed;
      if (used < oldest) {
        oldest = used;
        victim = hash;
      }
      if (++seen >= EVICTION_SAMPLE || used < 0) break;
    }
    if (victim !== undefined) this.cache.delete(victim);
  }

  evict(keyHash: string): void {
    this.cache.delete(keyHash);
  }

  private async load(keyHash: string): Promise<AuthContext | null> {
    const auth = await this.lookup(keyHash);
    if (this.cache.size >= this.maxEntries) this.evictOne();
    const now = Date.now();
    if (this.ttlMs > 0) this.cache.set(keyHash, { auth, expiresAt: now + this.ttlMs, lastUsed: now });
    return auth;
  }
}
