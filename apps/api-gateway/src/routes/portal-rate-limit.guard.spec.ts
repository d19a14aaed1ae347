import type { ExecutionContext } from '@nestjs/common';
import { AppException } from '@pds/contracts';
import { InProcessBus } from '@pds/messaging';
import { RateLimiter } from '@pds/edge';
import { PortalRateLimitGuard } from './portal-rate-limit.guard';

const options = { operatorToken: undefined, rateLimitPerMinute: 3, apiKeyCacheTtlMs: 0 };

/** A request from `ip` to the portal of `slug`, and the headers the guard set on its reply. */
function call(guard: PortalRateLimitGuard, ip: string, slug = 'acme'): { allowed: boolean | AppException; headers: Record<string, unknown> } {
  const headers: Record<string, unknown> = {};
  const reply = {
    headers: (values: Record<string, unknown>) => Object.assign(headers, values),
    header: (name: string, value: unknown) => (headers[name] = value),
  };
  const context = { switchToHttp: () => ({ getRequest: () => ({ ip, params: { slug } }), getResponse: () => reply }) } as unknown as ExecutionContext;
  try {
    return { allowed: guard.canActivate(context), headers };
  } catch (error) {
    return { allowed: error as AppException, headers };
  }
}

describe('PortalRateLimitGuard', () => {
  it('charges the client address: the limit per address, then 429 with Retry-After', () => {
    const limiter = new RateLimiter(new InProcessBus({ error: () => undefined }), options);
    const guard = new PortalRateLimitGuard(limiter);
    const results = Array.from({ length: 4 }, () => call(guard, '203.0.113.7'));
    expect(results.slice(0, 3).map((r) => r.allowed)).toEqual([true, true, true]);
    const denied = results[3];
    expect(denied.allowed).toBeInstanceOf(AppException);
    expect((denied.allowed as AppException).code).toBe('TooManyRequests');
    expect(denied.headers).toMatchObject({ 'ratelimit-limit': 3, 'ratelimit-remaining': 0 });
    expect(denied.headers['retry-after']).toEqual(expect.any(Number));
    // Another address has its own budget, and so has the same address on another organization's portal.
    expect(call(guard, '198.51.100.1').allowed).toBe(true);
    expect(call(guard, '203.0.113.7', 'globex').allowed).toBe(true);
    expect(call(guard, '203.0.113.7', 'ACME').allowed).toBeInstanceOf(AppException);
  });
});
