import type { Client } from 'openapi-fetch';
import type { paths } from './generated/schema';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ListBody<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never;

/** The paths whose GET answers a list: a plain array (paging headers) or `{data, nextCursor}`. */
export type ListPath = {
  [P in keyof paths]: ListBody<P> extends readonly unknown[] ? P : ListBody<P> extends { data: readonly unknown[]; nextCursor: unknown } ? P : never;
}[keyof paths];

/** An item of a list path. */
export type ItemOf<P extends ListPath> = ListBody<P> extends readonly (infer T)[] ? T : ListBody<P> extends { data: readonly (infer T)[] } ? T : never;

type Parameters<P extends ListPath> = paths[P] extends { get: { parameters: infer Q } } ? Q : never;

/** The list's query (filters, `sort`, `limit`; the cursor is the iterator's) and its path ids. */
export interface PageOptions<P extends ListPath> {
  query?: Omit<NonNullable<Parameters<P> extends { query?: infer Q } ? Q : never>, 'cursor'>;
  path?: Parameters<P> extends { path: infer A } ? A : never;
}

/** The cursor of the next page: `X-Next-Cursor`, else a `Link` rel="next", else the body's `nextCursor`. */
export function nextCursorOf(response: Response, body: unknown): string | null {
  const header = response.headers.get('x-next-cursor');
  if (header) return header;
  const link = response.headers.get('link');
  const next = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null;
  if (next) {
    const cursor = new URL(next[1], 'http://link.invalid').searchParams.get('cursor');
    if (cursor) return cursor;
  }
  if (body && typeof body === 'object' && !Array.isArray(body) && typeof (body as { nextCursor?: unknown }).nextCursor === 'string') {
    return (body as { nextCursor: string }).nextCursor;
  }
  return null;
}

/**
 * Every item of a list in the list's order (its `sort`), one page requested at a time as the
 * loop consumes them: `for await (const item of client.paginate('/work-items', { query }))`.
 */
export async function* paginate<P extends ListPath>(client: Client<paths>, path: P, options: PageOptions<P> = {}): AsyncGenerator<ItemOf<P>, void, undefined> {
  let cursor: string | undefined;
  do {
    const params = { query: { ...(options.query ?? {}), ...(cursor === undefined ? {} : { cursor }) }, ...(options.path ? { path: options.path } : {}) };
    // The path is one of the list paths; openapi-fetch's overloads cannot be narrowed by a generic path.
    const { data, response } = await (client.GET as (path: string, init: object) => Promise<{ data?: unknown; response: Response }>)(path, { params });
    const items = (Array.isArray(data) ? data : ((data as { data?: unknown[] } | undefined)?.data ?? [])) as ItemOf<P>[];
    yield* items;
    cursor = nextCursorOf(response, data) ?? undefined;
  } while (cursor !== undefined);
}
