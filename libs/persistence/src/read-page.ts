import { CursorOrder, CursorPosition, Page } from '@pds/contracts';
import { pageRequest, toPage } from './keyset';

/**
 * One page of a keyset-paged list, from a list query: `read` is asked for the rows after the
 * query's cursor, one more than the page holds (the extra one reveals a next page), and the page
 * keeps `limit` of them mapped. `sortValue` and `order` as for `toPage` and `pageRequest`.
 */
export async function readPage<R extends { id: string }, T>(
  query: { limit?: number; cursor?: string },
  read: (after: CursorPosition | undefined, take: number) => Promise<R[]>,
  map: (row: R) => T,
  sortValue?: (row: R) => string,
  order?: CursorOrder,
): Promise<Page<T>> {
  const { limit, after } = pageRequest(query, order);
  return toPage(await read(after, limit + 1), limit, map, sortValue);
}

/** The key number a list ordered by number (`pageRequest(query, 'number')`) reads after, if any. */
export function keyNumberAfter(after: CursorPosition | undefined): number | undefined {
  const number = after ? Number(after.sortValue) : undefined;
  return Number.isInteger(number) ? number : undefined;
}

/** The (count, key number) a list ordered by a count and then number (`'count-number'`) reads after, if any. */
export function countNumberAfter(after: CursorPosition | undefined): { count: number; number: number } | undefined {
  if (!after) return undefined;
  const [count, number] = after.sortValue.split('/').map(Number);
  return Number.isInteger(count) && Number.isInteger(number) ? { count, number } : undefined;
}
