import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects, RateLimitSyncMessage } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { randomUUID } from 'node:crypto';
import { EDGE_OPTIONS, EdgeOptions } from './edge.options';

const WINDOW_MS = 60_000;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

interface Counter {
  window: number;
  local: number;
  remote: number;
}

/**
 * Fixed one-minute windows per API key, aligned to the clock so every replica agrees on them.
 * Each replica counts locally and broadcasts its increments once per event-loop turn; every replica
 * adds the others' increments to its own. The decision therefore needs no network round trip, and
 * replicas see each other's traffic within a NATS hop (well under a millisecond on a LAN).
 */
@Injectable()
export class RateLimiter {
  private readonly replica = randomUUID();
  private readonly counters = new Map<string, Counter>();
  private pending = new Map<string, number>();
  private pendingWindow = 0;
  private flushScheduled = false;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(EDGE_OPTIONS) private readonly options: Pick<EdgeOptions, 'rateLimitPerMinute'>,
  ) {}

  /**
   * Charges `cost` requests of the key's per-minute budget at once (a JSON-RPC batch costs one per
   * message). A cost over what remains is refused whole and charges nothing.
   */
  hit(keyId: string, cost = 1, now = Date.now()): RateLimitDecision {
    return this.charge(keyId, this.options.rateLimitPerMinute, cost, now);
  }

  /** Whether `key` still has budget under `limit`, without charging it. */
  peek(key: string, limit: number, now = Date.now()): RateLimitDecision {
    const window = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    const counter = this.counters.get(key);
    const used = counter && counter.window === window ? counter.local + counter.remote : 0;
    return { allowed: used < limit, limit, remaining: Math.max(0, limit - used), resetSeconds };
  }

  /** Counts `cost` requests of `key` against `limit` (shared by every replica, like the key budget). */
  charge(keyId: string, limit: number, cost = 1, now = Date.now()): RateLimitDecision {
    const window = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
    const counter = this.counter(keyId, window);
    const used = counter.local + counter.remote;
    if (used + cost > limit) return { allowed: false, limit, remaining: Math.max(0, limit - used), resetSeconds };
    counter.local += cost;
    this.record(keyId, window, cost);
    return { allowed: true, limit, remaining: Math.max(0, limit - used - cost), resetSeconds };
  }

  private counter(keyId: string, window: number): Counter {
    let counter = this.counters.get(keyId);
    if (!counter || counter.window !== window) {
      if (!counter && this.counters.size > 100_000) this.prune(window);
      counter = { window, local: 0, remote: 0 };
      this.counters.set(keyId, counter);
    }
    return counter;
  }

  private record(keyId: string, window: number, cost: number): void {
    if (window !== this.pendingWindow) {
      this.flush();
      this.pendingWindow = window;
    }
    this.pending.set(keyId, (this.pending.get(keyId) ?? 0) + cost);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pending.size === 0) return;
    const message: RateLimitSyncMessage = { replica: this.replica, window: this.pendingWindow, counts: [...this.pending] };
    this.pending = new Map();
    this.bus.broadcast(IdentitySubjects.rateLimitSync, message);
  }

  /** Another replica's increments (broadcast by RateLimitSyncHandler). */
  merge(message: RateLimitSyncMessage, now = Date.now()): void {
    // A message from a window that has ended here, or has not begun, would corrupt the current one.
    if (message.replica === this.replica || message.window !== Math.floor(now / WINDOW_MS)) return;
    for (const [keyId, count] of message.counts) this.counter(keyId, message.window).remote += count;
  }

  private prune(window: number): void {
    for (const [keyId, counter] of this.counters) if (counter.window < window) this.counters.delete(keyId);
  }
}
