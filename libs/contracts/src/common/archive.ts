import { IsIn, IsOptional } from 'class-validator';
import { defineEnum, enumValues } from './enums';
import { ConflictError } from './errors';
import { ListQuery } from './pagination';
import { IdRequest } from './requests';

/** `archived` of a list: archived records are left out unless it says `include` or `only`. */
export const ArchivedFilter = defineEnum(['exclude', 'include', 'only']);
export type ArchivedFilter = (typeof ArchivedFilter)[keyof typeof ArchivedFilter];

/** A list query plus the archived filter: the list query of every kind that can be archived. */
// TypeScript takes a class as a mixin base only when its constructor is typed `(...args: any[])`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function Archivable<Q extends new (...args: any[]) => ListQuery>(Base: Q) {
  class ArchivableQuery extends Base {
    @IsOptional()
    @IsIn(enumValues(ArchivedFilter))
    archived?: ArchivedFilter;
  }
  return ArchivableQuery;
}

/** Paging and the archived filter (sprints). */
export class ArchivableListQuery extends Archivable(ListQuery) {}

/** `POST /{collection}/{id}/archive` and `/unarchive`: the record's uuid or key. */
export class ArchiveRecordRequest extends IdRequest {}

/**
 * An archived record is read-only until it is unarchived: a change of its fields, and a new
 * relation, comment or vote on it, is 409 naming what to do.
 */
export function assertNotArchived(resource: string, ref: string, archivedAt: string | Date | null | undefined): void {
  if (!archivedAt) return;
  throw new ConflictError(`${resource} ${ref} is archived; unarchive it to change it`, {
    archivedAt: archivedAt instanceof Date ? archivedAt.toISOString() : archivedAt,
  });
}
