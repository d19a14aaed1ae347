import { NotFoundError, isUuid } from '@pds/contracts';

/**
 * The record a path id names, or 404 (`NotFoundError(resource, id)`). Ids are uuids: anything else
 * names nothing and is answered without a query; a uuid is looked up lower-cased, as stored.
 */
export async function requireByPathId<R>(resource: string, id: string, find: (uuid: string) => Promise<R | null>): Promise<R> {
  const row = isUuid(id) ? await find(id.toLowerCase()) : null;
  if (!row) throw new NotFoundError(resource, id);
  return row;
}
