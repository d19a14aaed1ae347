interface CacheEntry<V> {
  value: V;
  expiresAt: number;
  lastUsed: number;
}

/** Entries looked at for the one used longest ago (Redis's approximated LRU). */
const EVICTION_SAMPLE = 16;

const MAX_CACHE_ENTRIES = 50_000;

/**
 * Answers of a lookup by key, remembered for a few seconds so that a hot path costs one map lookup;
 * concurrent misses for one key share a single lookup. When full, a key not used for the longest
 * time among the oldest makes room (a flood of unknown keys cannot flush the keys in use). The
 * owner evicts a changed key at once (`evict`, usually also broadcast to the other replicas), and
 * the short TTL bounds the delay should that broadcast be lost. A lookup that was already running
 * when its key was evicted answers its callers but is not remembered: it may have read the row
 * from before the change.
 */
export class LookupCache<V> {
  private readonly cache = new Map<string, CacheEntry<V>>();
  private readonly inFlight = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly lookup: (key: string) => Promise<V>,
    private readonly maxEntries = MAX_CACHE_ENTRIES,
  ) {}

  /** The cached answer for a key, or undefined when it must be looked up. */
  cached(key: string): V | undefined {
    const cached = this.cache.get(key);
    if (!cached) return undefined;
    const now = Date.now();
    if (cached.expiresAt <= now) return undefined;
    cached.lastUsed = now;
    return cached.value;
  }

  get(key: string): Promise<V> {
    const cached = this.cached(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const load: Promise<V> = this.lookup(key).then(
      (value) => {
        if (this.inFlight.get(key) === load) {
          this.inFlight.delete(key);
          this.remember(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.inFlight.get(key) === load) this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, load);
    return load;
  }

  evict(key: string): void {
    this.cache.delete(key);
    this.inFlight.delete(key);
  }

  private remember(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    if (this.cache.size >= this.maxEntries) this.evictOne();
    const now = Date.now();
    this.cache.set(key, { value, expiresAt: now + this.ttlMs, lastUsed: now });
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
    for (const [key, entry] of this.cache) {
      const used = entry.expiresAt <= now ? -1 : entry.lastUsed;
      if (used < oldest) {
        oldest = used;
        victim = key;
      }
      if (++seen >= EVICTION_SAMPLE || used < 0) break;
    }
    if (victim !== undefined) this.cache.delete(victim);
  }
}
