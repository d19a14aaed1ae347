import { ForbiddenError } from '@pds/contracts';

/**
 * DNS-rebinding protection: a browser page may only reach the endpoint from the server's configured
 * public origin or a listed one. The request's own Host proves nothing (a rebound name sends its
 * own), so it is never compared. Command-line agents send no Origin at all.
 */
export function assertAllowedOrigin(origin: string | undefined, publicOrigin: string, allowed: readonly string[]): void {
  if (origin === undefined) return;
  if (origin === publicOrigin || allowed.includes(origin)) return;
  throw new ForbiddenError(
    `Origin ${origin} may not use this MCP endpoint: only ${publicOrigin} (MCP_PUBLIC_URL) and the origins in MCP_ALLOWED_ORIGINS may`,
    { origin: ['not allowed'] },
  );
}
