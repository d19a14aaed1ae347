import type { INestApplication } from '@nestjs/common';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import { OrganizationSettingsService } from '../identity/organization-settings.service';

const PORTAL_PREFIX = '/public/portals/';
/** What every other route gets: no CORS headers, and a preflight is an unknown route (404). */
/** Headers a portal page may read: paging, rate limits, the request id for support. */
const EXPOSED = ['link', 'x-next-cursor', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-request-id'];
const NO_CORS: FastifyCorsOptions = Object.freeze({ origin: false });

function slugOf(url: string): string | undefined {
  try {
    return decodeURIComponent(url.slice(PORTAL_PREFIX.length).split(/[/?#]/, 1)[0]);
  } catch {
    return undefined;
  }
}

/**
 * CORS for the public portal only, from the origins its organization lists in its settings
 * (`portalAllowedOrigins`): a browser page on such an origin may list, read, submit and vote; any
 * other origin, and every `/api/v1` route (API keys must never be sent from browsers), gets no
 * `Access-Control-*` header. Requests without an `Origin` (servers, curl) are not CORS at all and
 * cost no lookup. @fastify/cors answers the preflight before the portal's rate limit and routing.
 */
export function enablePortalCors(app: INestApplication): void {
  const settings = app.get(OrganizationSettingsService);
  const delegator = (request: FastifyRequest, callback: (error: Error | null, options: FastifyCorsOptions) => void): void => {
    const origin = request.headers.origin;
    const slug = origin && request.url.startsWith(PORTAL_PREFIX) ? slugOf(request.url) : undefined;
    if (!slug) return callback(null, NO_CORS);
    settings.portalOrigins(slug).then(
      (allowed) =>
        callback(
          null,
          allowed.includes(origin as string)
            ? { origin: origin as string, methods: ['GET', 'POST'], allowedHeaders: ['content-type'], exposedHeaders: EXPOSED, maxAge: 600 }
            : NO_CORS,
        ),
      // The portal route's own lookup answers 503 when the database is down; CORS just stays off.
      () => callback(null, NO_CORS),
    );
  };
  // An options object: Fastify would take a bare function for an options factory.
  app.enableCors({ delegator } as never);
}
