import { Provider } from '@nestjs/common';
import { AuthFailures } from './auth-failures';
import { EDGE_OPTIONS, EdgeOptions } from './edge.options';
import { RateLimiter } from './rate-limiter';

/** What every edge module provides to charge keys and count failed authentications. */
export function edgeProviders(options: EdgeOptions): Provider[] {
  return [{ provide: EDGE_OPTIONS, useValue: options }, RateLimiter, AuthFailures];
}
