import { ArgumentsHost, Catch, ExceptionFilter, Inject } from '@nestjs/common';
import { toErrorResponse } from '@pds/http';
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
  429: 'Too many requests came from your network in a short time. Wait a minute, then try again.',
  503: 'The portal cannot answer right now. Please try again in a moment.',
};

/** The portal pages answer errors as a page, not as the API's JSON. */
@Catch()
export class PortalPageFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const { status, unexpected } = toErrorResponse(error);
    if (unexpected) this.logger.error({ err: error, reqId: request.id }, 'portal page failed');
    const shown = MESSAGES[status] ? status : status >= 500 ? 503 : 400;
    void pageHeaders(reply).status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(errorPage(shown, MESSAGES[shown]));
  }
}
