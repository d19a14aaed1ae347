import { CursorOrder, CursorPosition, DEFAULT_PAGE_SIZE, EncodedJson, Page, decodeCursor, encodeCursor, pageJson } from '@pds/contracts';

/**
 * Reads `limit`/`cursor` of a list query: how many rows to fetch (one extra reveals a next page),
 * and the position after which to read, checked against what the list is ordered by.
 */
export function pageRequest(query: { limit?: number; cursor?: string }, order: CursorOrder = 'time'): { limit: number; after?: CursorPosition } {
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, after: query.cursor ? decodeCursor(query.cursor, order) : undefined };
}

/** Prisma `where` fragment for rows after a (createdAt, id) cursor, the default list order. */
export function keysetAfter(after: CursorPosition | undefined): object {
  if (!after) return {};
  const at = new Date(after.sortValue);
  return { OR: [{ createdAt: { gt: at } }, { createdAt: at, id: { gt: after.id } }] };
}

/** Cuts the extra row off and turns the last row into the next cursor. */
export function toPage<R extends { id: string }, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  sortValue: (row: R) => string = (row) => ((row as unknown as { createdAt: Date }).createdAt).toISOString(),
): Page<T> {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(map),
    nextCursor: more && last ? encodeCursor({ sortValue: sortValue(last), id: last.id }) : null,
  };
}

/**
 * A page already serialized, for a list whose page the edge sends on without parsing it
 * (EncodedJson, `splitPageJson`): the items are turned into JSON once, here.
 */
export function encodePage<T>(page: Page<T>): EncodedJson<Page<T>> {
  return new EncodedJson(pageJson<T>(JSON.stringify(page.items), page.nextCursor));
}
