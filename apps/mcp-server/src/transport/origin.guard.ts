import { ForbiddenError } from '@pds/contracts';

/**
 * DNS-rebinding protection: a browser page may only reach the endpoint from the server's own origin
 * or a configured one. Command-line agents send no Origin at all.
 */
export function assertAllowedOrigin(origin: string | undefined, host: string | undefined, allowed: readonly string[]): void {
  if (origin === undefined) return;
  if (allowed.includes(origin)) return;
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = undefined;
  }
  if (originHost !== undefined && originHost === host) return;
  throw new ForbiddenError(`Origin ${origin} may not use this MCP endpoint; list it in MCP_ALLOWED_ORIGINS to allow it`, {
    origin: ['not allowed'],
  });
}
