import { DEFAULT_PAGE_SIZE, Page, TrashEntryResponse, encodeCursor } from '@pds/contracts';

/** Newest first; equal times by id, descending (the order of each context's page). */
function newerFirst(a: TrashEntryResponse, b: TrashEntryResponse): number {
  if (a.deletedAt !== b.deletedAt) return a.deletedAt < b.deletedAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * One page of the trash from each context's page after the same cursor: each holds that context's
 * newest `limit` entries after it, so the newest `limit` of their union are the page's, and the
 * next cursor is the position of the last one kept (more follow when an entry was left over or a
 * context had a next page).
 */
export function mergeTrashPages(pages: readonly Page<TrashEntryResponse>[], limit = DEFAULT_PAGE_SIZE): Page<TrashEntryResponse> {
  const all = pages.flatMap((page) => page.items).sort(newerFirst);
  const items = all.slice(0, limit);
  const more = all.length > limit || pages.some((page) => page.nextCursor !== null);
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor({ sortValue: last.deletedAt, id: last.id }) : null };
}
