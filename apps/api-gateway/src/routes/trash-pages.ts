import { DEFAULT_PAGE_SIZE, Page, TRASH_SORT, TrashEntryResponse, encodeCursor, encodeSortedCursor } from '@pds/contracts';

/** By deletion in the sort's direction; equal times by id in the same direction (the order of each context's page). */
function byDeletion(descending: boolean) {
  const sign = descending ? -1 : 1;
  return (a: TrashEntryResponse, b: TrashEntryResponse): number => {
    if (a.deletedAt !== b.deletedAt) return (a.deletedAt < b.deletedAt ? -1 : 1) * sign;
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * sign;
  };
}

/**
 * One page of the trash from each context's page after the same cursor, in the query's `sort`
 * (validated at the edge): each holds that context's first `limit` entries after it, so the first
 * `limit` of their union are the page's, and the next cursor is the position of the last one kept
 * (more follow when an entry was left over or a context had a next page), of the same sort: the
 * plain cursor for the default order, a sorted one otherwise, as the contexts read them.
 */
export function mergeTrashPages(pages: readonly Page<TrashEntryResponse>[], query: { limit?: number; sort?: string }): Page<TrashEntryResponse> {
  const keys = TRASH_SORT.keys(query.sort);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const all = pages.flatMap((page) => page.items).sort(byDeletion(keys[0].descending));
  const items = all.slice(0, limit);
  const more = all.length > limit || pages.some((page) => page.nextCursor !== null);
  const last = items.at(-1);
  if (!more || !last) return { items, nextCursor: null };
  const nextCursor = TRASH_SORT.isDefault(keys)
    ? encodeCursor({ sortValue: last.deletedAt, id: last.id })
    : encodeSortedCursor(keys, { values: [last.deletedAt], id: last.id });
  return { items, nextCursor };
}
