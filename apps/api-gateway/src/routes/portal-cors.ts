import type { INestApplication } from '@nestjs/common';
import fastifyCors, { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest, onRequestHookHandler } from 'fastify';
import { OrganizationSettingsService } from '../identity/organization-settings.service';

const PORTAL_PREFIX = '/public/portals/';
/** Headers a portal page may read: paging, rate limits, the request id for support. */
const EXPOSED = ['link', 'x-next-cursor', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-request-id'];
/** What a portal request from an origin its organization does not list gets: no CORS headers, and a preflight is an unknown route (404). */
const NO_CORS: FastifyCorsOptions = Object.freeze({ origin: false });

function slugOf(url: string): string | undefined {
  try {
    return decodeURIComponent(url.slice(PORTAL_PREFIX.length).split(/[/?#]/, 1)[0]);
  } catch {
    return undefined;
  }
}

/**
 * @fastify/cors with its request hook run for portal URLs only. The plugin hooks every request and
 * normalises the delegate's options each time (about 3 µs measured, some 5 % of the gateway's CPU
 * for a work-item read), while only the portal can ever answer with CORS headers; Fastify scopes a
 * plugin's hooks by encapsulation, which cannot apply here because Nest registers every route on
 * the root instance. Everything else (headers, preflight route, `Vary`) stays the plugin's.
 */
const portalOnlyCors: FastifyPluginCallback<FastifyCorsOptions> = (instance, options, done) => {
  const addHook = (name: 'onRequest', hook: onRequestHookHandler) =>
    instance.addHook(name, function portalCors(this: FastifyInstance, request, reply, next) {
      if (!request.url.startsWith(PORTAL_PREFIX)) return next();
      return hook.call(this, request, reply, next);
    });
  const scoped = Object.create(instance, { addHook: { value: addHook } }) as FastifyInstance;
  (fastifyCors as unknown as FastifyPluginCallback<FastifyCorsOptions>)(scoped, options, done);
};
// Like fastify-plugin: the hook and the preflight route belong to the root instance, where Nest's routes are.
Object.assign(portalOnlyCors, { [Symbol.for('skip-override')]: true });

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
    const slug = origin ? slugOf(request.url) : undefined;
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
  void (app.getHttpAdapter().getInstance() as FastifyInstance).register(portalOnlyCors, { delegator });
}
