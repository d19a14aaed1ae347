import { ArchivedFilter } from '@pds/contracts';

/**
 * The `archived` filter of a list, in one place for every list of an archivable kind: archived
 * rows are left out by default (`exclude`), kept beside the others (`include`), or alone (`only`).
 * The default list reads each table's partial index over rows not archived.
 */
export function archivedWhere(filter: ArchivedFilter | undefined): { archivedAt?: null | { not: null } } {
  switch (filter ?? ArchivedFilter.exclude) {
    case ArchivedFilter.include:
      return {};
    case ArchivedFilter.only:
      return { archivedAt: { not: null } };
    default:
      return { archivedAt: null };
  }
}

/** The same filter as an SQL condition on a table alias's `archived_at` (null: no condition). */
export function archivedSql(filter: ArchivedFilter | undefined, alias: string): string | null {
  switch (filter ?? ArchivedFilter.exclude) {
    case ArchivedFilter.include:
      return null;
    case ArchivedFilter.only:
      return `${alias}.archived_at IS NOT NULL`;
    default:
      return `${alias}.archived_at IS NULL`;
  }
}
