import type { Page } from '@pds/contracts';

/** Lines of a list tool's page when the agent names no limit. */
export const DEFAULT_LIST_LIMIT = 25;

/** Beyond this many further rows the `omitted` count is a lower bound. */
export const COUNT_WINDOW = 200;

export interface CappedList<T> {
  items: T[];
  nextCursor: string | null;
  omitted: number;
  omittedAtLeast?: true;
}

/**
 * A page of a service list plus how many rows follow it: the lists return no totals, so the rows
 * after the page are fetched once more (ids only matter, at most COUNT_WINDOW) and counted.
 */
export async function cappedList<T>(fetch: (cursor: string | undefined, limit: number) => Promise<Page<T>>, cursor: string | undefined, limit: number): Promise<CappedList<T>> {
  const page = await fetch(cursor, limit);
  if (!page.nextCursor) return { items: page.items, nextCursor: null, omitted: 0 };
  const rest = await fetch(page.nextCursor, COUNT_WINDOW);
  return {
    items: page.items,
    nextCursor: page.nextCursor,
    omitted: rest.items.length,
    ...(rest.nextCursor ? { omittedAtLeast: true as const } : {}),
  };
}
