import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { lastValueFrom, of } from 'rxjs';
import { PageInterceptor } from './page.interceptor';

/** What the interceptor answers for `result` on a request to `url`, and the headers it set. */
async function intercept(url: string, result: unknown): Promise<{ body: unknown; headers: Record<string, string> }> {
  const headers: Record<string, string> = {};
  const reply = { header: (name: string, value: string) => ((headers[name] = value), reply) };
  const context = { switchToHttp: () => ({ getRequest: () => ({ url }), getResponse: () => reply }) } as unknown as ExecutionContext;
  const next: CallHandler = { handle: () => of(result) };
  const body = await lastValueFrom(new PageInterceptor().intercept(context, next));
  return { body, headers };
}

describe('PageInterceptor: lists are plain arrays, the next page is in Link and X-Next-Cursor', () => {
  it('answers a page as its items and announces the next one, keeping the other query parameters', async () => {
    const { body, headers } = await intercept('/api/v1/work-items?status=TODO&limit=2&cursor=old', { items: [{ id: 1 }, { id: 2 }], nextCursor: 'abc+/=' });
    expect(body).toEqual([{ id: 1 }, { id: 2 }]);
    expect(headers).toEqual({
      'X-Next-Cursor': 'abc+/=',
      Link: '</api/v1/work-items?status=TODO&limit=2&cursor=abc%2B%2F%3D>; rel="next"',
    });
  });

  it('sets no paging headers on the last page', async () => {
    expect(await intercept('/api/v1/labels', { items: [], nextCursor: null })).toEqual({ body: [], headers: {} });
  });

  it("sends a JSON page's items (already the body's JSON text) as JSON", async () => {
    const { body, headers } = await intercept('/api/v1/work-items', { items: '[{"id":1}]', nextCursor: null });
    expect(body).toBe('[{"id":1}]');
    expect(headers).toEqual({ 'content-type': 'application/json; charset=utf-8' });
  });

  it('leaves everything that is not a page alone', async () => {
    for (const result of [{ id: 1 }, { items: 'x' }, { nextCursor: null }, { items: 3, nextCursor: null }, null, [1, 2]]) {
      expect(await intercept('/api/v1/me', result)).toEqual({ body: result, headers: {} });
    }
  });
});
