import { NotFoundError, ValidRecordRef, isUuid, parseRecordRef } from '@pds/contracts';

/**
 * The record a path id names, or 404 (`NotFoundError(resource, id)`). Ids are uuids: anything else
 * names nothing and is answered without a query; a uuid is looked up lower-cased, as stored.
 */
export async function requireByPathId<R>(resource: string, id: string, find: (uuid: string) => Promise<R | null>): Promise<R> {
  const row = isUuid(id) ? await find(id.toLowerCase()) : null;
  if (!row) throw new NotFoundError(resource, id);
  return row;
}

/**
 * The record a path `{id}` names by uuid or human key (`WI-42`, any case), or 404
 * (`NotFoundError(resource, ref)`). A ref that can name nothing is answered without a query.
 */
export async function requireByRef<R>(
  resource: string,
  ref: string,
  keyPrefix: string,
  find: (ref: ValidRecordRef) => Promise<R | null>,
): Promise<R> {
  const parsed = parseRecordRef(ref, keyPrefix);
  const row = parsed.kind === 'invalid' ? null : await find(parsed);
  if (!row) throw new NotFoundError(resource, ref);
  return row;
}
