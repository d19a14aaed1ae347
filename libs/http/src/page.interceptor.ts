import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Page } from '@pds/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, map } from 'rxjs';

function isPage(value: unknown): value is Page<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Page<unknown>).items) && 'nextCursor' in value;
}

/**
 * Lists stay plain arrays (the contract's shape); the next page is announced in `Link: <…>;
 * rel="next"` and `X-Next-Cursor`, as GitHub does.
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
        return result.items;
      }),
    );
  }
}
