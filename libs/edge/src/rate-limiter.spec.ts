import { IdentitySubjects, RateLimitSyncMessage } from '@pds/contracts';
import { InProcessBus } from '@pds/messaging';
import { RateLimiter } from './rate-limiter';

const options = { operatorToken: undefined, rateLimitPerMinute: 5, apiKeyCacheTtlMs: 0 };
const silent = { error: () => undefined };
const tick = () => new Promise((resolve) => setImmediate(resolve));

function replicas(count: number): RateLimiter[] {
  const bus = new InProcessBus(silent);
  return Array.from({ length: count }, () => {
    const limiter = new RateLimiter(bus, options);
    // What RateLimitSyncHandler does in an app.
    bus.onBroadcast(IdentitySubjects.rateLimitSync, (message) => limiter.merge(message as RateLimitSyncMessage));
    return limiter;
  });
}

describe('RateLimiter', () => {
  const start = Date.UTC(2026, 10, 21, 12, 0, 10);

  it('allows the limit per window, then denies with the time to reset', () => {
    const [limiter] = replicas(1);
    const decisions = Array.from({ length: 6 }, () => limiter.hit('key-a', 1, start));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true, false]);
    expect(decisions.map((d) => d.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
    expect(decisions[5].resetSeconds).toBe(50);
    expect(limiter.hit('key-b', 1, start).allowed).toBe(true);
  });

  it('starts over in the next window', () => {
    const [limiter] = replicas(1);
    for (let i = 0; i < 5; i += 1) limiter.hit('key', 1, start);
    expect(limiter.hit('key', 1, start).allowed).toBe(false);
    expect(limiter.hit('key', 1, start + 60_000).allowed).toBe(true);
  });

  it('charges a cost at once, and refuses a cost over what remains whole, charging nothing', () => {
    const [limiter] = replicas(1);
    expect(limiter.hit('key', 3, start)).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.hit('key', 3, start)).toMatchObject({ allowed: false, remaining: 2, resetSeconds: 50 });
    expect(limiter.hit('key', 2, start)).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('key', 1, start).allowed).toBe(false);
    expect(limiter.hit('other', 6, start)).toMatchObject({ allowed: false, remaining: 5 });
  });

  it('shares one budget across replicas', async () => {
    jest.useFakeTimers({ now: start, doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    try {
      const [a, b] = replicas(2);
      for (let i = 0; i < 3; i += 1) expect(a.hit('key').allowed).toBe(true);
      await tick();
      await tick();
      expect(b.hit('key').allowed).toBe(true);
      expect(b.hit('key').allowed).toBe(true);
      await tick();
      await tick();
      expect(a.hit('key').allowed).toBe(false);
      expect(b.hit('key').allowed).toBe(false);
      // A batch's whole cost reaches the other replicas too.
      expect(a.hit('batch', 4).allowed).toBe(true);
      await tick();
      await tick();
      expect(b.hit('batch', 2)).toMatchObject({ allowed: false, remaining: 1 });
    } finally {
      jest.useRealTimers();
    }
  });
});
