import type { FastifyReply, FastifyRequest } from 'fastify';
import { pageHeaders, sendCacheable } from './portal-security';

const HTML = 'text/html; charset=utf-8';
const ATOM = 'application/atom+xml; charset=utf-8';

/**
 * What a portal page handler answers: a page (public ones are cached briefly with an ETag; pages
 * with a visitor's form token are not), the feed, or a 303 to where the browser goes next.
 */
export type PageAnswer =
  | { page: string; status?: number; cache: 'public' | 'private'; etag?: string }
  | { feed: string }
  | { seeOther: string };

export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer): void {
  pageHeaders(reply);
  if ('seeOther' in answer) {
    // After a post the browser fetches the result with GET: reloading does not post again.
    void reply.status(303).header('location', answer.seeOther).header('cache-control', 'no-store').send();
  } else if ('feed' in answer) {
    sendCacheable(request, reply, ATOM, answer.feed);
  } else if (answer.cache === 'public' && (answer.status ?? 200) === 200) {
    sendCacheable(request, reply, HTML, answer.page, answer.etag);
  } else {
    // Private pages carry the visitor's token: csrfToken already marked them no-store.
    void reply.status(answer.status ?? 200).type(HTML).send(answer.page);
  }
}
