import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { JsonPage, Page } from '@pds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, map } from 'rxjs';

function isPage(value: unknown): value is Page<unknown> | JsonPage<unknown> {
  if (typeof value !== 'object' || value === null || !('nextCursor' in value) || !('items' in value)) return false;
  return Array.isArray(value.items) || typeof value.items === 'string';
}

/**
 * Lists stay plain arrays (the contract's shape); the next page is announced in `Link: <…>;
 * rel="next"` and `X-Next-Cursor`, as GitHub does. A JsonPage's items are already the body's JSON.
 */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((result: unknown) => {
        if (!isPage(result)) return result;
        if (result.nextCursor) {
          const url = new URL(request.url, 'http://placeholder');
          url.searchParams.set('cursor', result.nextCursor);
          void reply.header('X-Next-Cursor', result.nextCursor);
          void reply.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
        }
        if (typeof result.items === 'string') void reply.header('content-type', 'application/json; charset=utf-8');
        return result.items;
      }),
    );
  }
}
