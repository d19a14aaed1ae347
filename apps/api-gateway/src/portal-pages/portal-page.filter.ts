import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import { RouteBodyLimit, toErrorResponse } from '@pds/http';
import { LOGGER } from '@pds/observability';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { pageHeaders } from './portal-security';
import { errorPage } from './portal-views';

/** What a visitor reads for each status; a disabled portal, an unknown slug and a hidden submission are one 404. */
const MESSAGES: Readonly<Record<number, string>> = {
  400: 'This address is not one the portal understands. Start again from the portal’s home page.',
  403: 'The form was sent without its security token, perhaps from an old tab. Open the page again and resend.',
  404: 'There is no such page on this portal. The address may be mistyped, or the page is no longer public.',
  413: 'What you sent is longer than the form accepts. Go back, shorten the description and send it again.',
  415: 'The form was sent in a way the portal does not accept. Open the page again and resend.',
  429: 'Too many requests came from your network in a short time. Wait a minute, then try again.',
  503: 'The portal cannot answer right now. Please try again in a moment.',
};

/** Answers an error as the portal's error page; true when it was unexpected (a 5xx) and worth logging. */
function sendErrorPage(error: unknown, reply: FastifyReply): boolean {
  const { status, unexpected } = toErrorResponse(error);
  const shown = MESSAGES[status] ? status : status >= 500 ? 503 : 400;
  void pageHeaders(reply).status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(errorPage(shown, MESSAGES[shown]));
  return unexpected;
}

/**
 * What fails on a page route before its handler (a form over the body limit, a body that can't be
 * parsed) is answered as a page too: the route-level error handler of `ROUTE_BODY_LIMITS`.
 */
export function answerPortalEarlyError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  sendErrorPage(error, reply);
}

/** The portal pages answer errors as a page, not as the API's JSON. */
@Catch()
export class PortalPageFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    if (sendErrorPage(error, http.getResponse<FastifyReply>())) this.logger.error({ err: error, reqId: request.id }, 'portal page failed');
  }
}

/**
 * The portal pages' forms: the portal's text, URL-encoded (up to three bytes per character
 * escaped). A form over the limit is answered as a page, like every other refusal of the pages.
 */
export const PAGE_BODY_LIMIT: RouteBodyLimit = { prefix: '/portal/', limit: 256 * 1024, answerEarlyError: answerPortalEarlyError };
