import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * No inline script or style anywhere (the accent colour is a stylesheet of its own), nothing from
 * other origins, forms post only here, and no page may be framed.
 */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Every portal page: the policy, no framing for old browsers, and no full URL leaked to other sites. */
export function pageHeaders(reply: FastifyReply): FastifyReply {
  // x-content-type-options: nosniff comes with every response (createHttpApp).
  return reply.headers({
    'content-security-policy': PAGE_CSP,
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
  });
}

/** List pages and the feed may be cached briefly by anyone (they hold nothing of a visitor's). */
export const PUBLIC_CACHE = 'public, max-age=30';

/** A strong ETag of a body's bytes. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Sends a cacheable body with a strong ETag of its bytes (`etag` when the caller has it already:
 * a rendered page keeps its own); a matching `If-None-Match` gets 304 and no body.
 */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, type: string, body: string, etag = etagOf(body)): void {
  void reply.header('etag', etag).header('cache-control', PUBLIC_CACHE).type(type);
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    void reply.code(304).send();
    return;
  }
  void reply.send(body);
}

export const CSRF_COOKIE = 'portal_csrf';
export const CSRF_FIELD = '_csrf';
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

function cookieToken(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) {
      const token = value.join('=');
      return TOKEN_RE.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/**
 * The anti-forgery token of a page with a form (double-submit): the visitor's cookie when it has a
 * well-formed one, or a new random one set as `SameSite=Lax`, HttpOnly cookie for /portal. The page
 * carries it in the hidden `_csrf` field; another site can neither read the cookie nor set it.
 * Such pages are never cached.
 */
export function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  void reply.header('cache-control', 'no-store');
  const existing = cookieToken(request);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  void reply.header('set-cookie', `${CSRF_COOKIE}=${token}; Path=/portal; SameSite=Lax; HttpOnly${secure}`);
  return token;
}

/** True when a form post carries the token of its cookie. */
export function csrfMatches(request: FastifyRequest, field: unknown): boolean {
  const cookie = cookieToken(request);
  if (!cookie || typeof field !== 'string' || !TOKEN_RE.test(field)) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}
