import { UseGuards, applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { PortalRateLimitGuard } from '../routes/portal-rate-limit.guard';

export const AS_HTML = { 'text/html': { schema: { type: 'string' } } };

const ANSWERS: Readonly<Record<number, string>> = {
  304: 'Not modified: the `If-None-Match` names the current ETag',
  400: 'A page address the portal does not understand (a bad cursor); a form: shown again with why',
  403: 'A form post without the `_csrf` value of its `portal_csrf` cookie',
  404: 'The one not-found page: unknown slug, portal off, HIDDEN or unknown submission, draft or unknown entry',
  409: 'A vote refused by the vote rules: the page again with why',
  413: 'A form larger than the pages accept (256 KiB): an error page',
  415: 'A post that is not `application/x-www-form-urlencoded`: an error page',
  429: 'The portal’s rate limit per client address',
  503: 'A service the page needs is unavailable',
};

export const HTML_PAGE = { status: 200, description: 'A page of the public portal' };

/**
 * A portal page's route: the portal's rate limit, and its answers documented in the OpenAPI
 * document (every error is a page too; 303 and 304 have no body).
 */
export function PageRoute(success: { status: number; description: string; content?: Record<string, { schema: object }> }, ...more: number[]): MethodDecorator {
  const bodyless = (status: number) => status === 303 || status === 304;
  return applyDecorators(
    UseGuards(PortalRateLimitGuard),
    ApiResponse(bodyless(success.status) ? success : { content: AS_HTML, ...success }),
    ...[404, 429, 503, ...more].map((status) => ApiResponse({ status, description: ANSWERS[status], ...(bodyless(status) ? {} : { content: AS_HTML }) })),
  );
}
