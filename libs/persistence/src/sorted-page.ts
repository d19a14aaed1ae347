import { CREATION_SORT, CursorOrder, DEFAULT_PAGE_SIZE, ListSort, Page, SortKey, SortPosition, SortedRead, decodeCursor, decodeSortedCursor, encodeCursor, encodeSortedCursor } from '@pds/contracts';

/**
 * One page of a list in the order its query's `sort` names (the default when it names none).
 * `read` gets the keys and the position after which to read, and is asked for one row more than
 * the page holds; `valueOf` gives a row's value of a sort field as the cursor carries it (ISO text
 * for instants, numbers, enum names). The default order keeps the list's plain cursors
 * (`encodeCursor`, of `defaultOrder`), so pages without `sort` are what they were before sorting.
 */
export async function readSortedPage<F extends string, R extends { id: string }, T>(
  query: { limit?: number; cursor?: string; sort?: string },
  sort: ListSort<F>,
  read: (order: SortedRead<F>, take: number) => Promise<R[]>,
  map: (row: R) => T,
  valueOf: (row: R, field: F) => string | number,
): Promise<Page<T>> {
  const keys = sort.keys(query.sort);
  const isDefault = sort.isDefault(keys);
  const defaultOrder: CursorOrder = sort.fields[sort.defaultField] === 'int' ? 'number' : 'time';
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  let after: SortPosition | undefined;
  if (query.cursor) {
    if (isDefault) {
      const position = decodeCursor(query.cursor, defaultOrder);
      after = { values: [defaultOrder === 'number' ? Number(position.sortValue) : position.sortValue], id: position.id };
    } else {
      after = decodeSortedCursor(query.cursor, sort, keys);
    }
  }
  const rows = await read({ keys, after }, limit + 1);
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  let nextCursor: string | null = null;
  if (more && last) {
    const values = keys.map((key) => valueOf(last, key.field));
    nextCursor = isDefault ? encodeCursor({ sortValue: String(values[0]), id: last.id }) : encodeSortedCursor(keys, { values, id: last.id });
  }
  return { items: pageRows.map(map), nextCursor };
}

/** The value of a row's field for a cursor: instants as ISO text, the rest as they are. */
export function plainSortValue<R>(row: R, field: string): string | number {
  const value = (row as Record<string, unknown>)[field];
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'string') return value;
  throw new Error(`sort field ${field} has no sortable value`);
}

/**
 * Ties are broken by id in the direction of the last key, so a single descending key is the
 * ascending order read backwards (one index, scanned either way).
 */
const idDescending = (keys: readonly SortKey[]) => keys[keys.length - 1].descending;

/**
 * A Prisma `orderBy` and the `where` fragment of the rows after the position, for fields named as
 * the model's (`createdAt`, `updatedAt`, `name`, `status`); instants go back to `Date`.
 */
export function prismaSorted<F extends string>(order: SortedRead<F>, sort: ListSort<F>, fieldOf: (field: F) => string = (field) => field): { orderBy: object[]; where: object } {
  const { keys, after } = order;
  const dir = (descending: boolean) => (descending ? 'desc' : 'asc');
  const orderBy = [...keys.map((key) => ({ [fieldOf(key.field)]: dir(key.descending) })), { id: dir(idDescending(keys)) }];
  if (!after) return { orderBy, where: {} };
  const value = (i: number) => (sort.fields[keys[i].field] === 'time' ? new Date(after.values[i] as string) : after.values[i]);
  const equalBefore = (n: number) => Object.fromEntries(keys.slice(0, n).map((key, i) => [fieldOf(key.field), value(i)]));
  const branches: object[] = keys.map((key, i) => ({ ...equalBefore(i), [fieldOf(key.field)]: { [key.descending ? 'lt' : 'gt']: value(i) } }));
  branches.push({ ...equalBefore(keys.length), id: { [idDescending(keys) ? 'lt' : 'gt']: after.id } });
  return { orderBy, where: { OR: branches } };
}

/** How a sort field is written in SQL: its column expression and the cast of a cursor value to it. */
export interface SqlSortColumn {
  column: string;
  cast: string;
}

/**
 * `ORDER BY` text and the condition of the rows after the position, for a hand-written statement.
 * Values become parameters through `param`; the column texts come from the list's fixed table.
 * When every key runs in the id's direction the condition is one row comparison,
 * `(a, b, id) < ($1, $2, $3)`: PostgreSQL bounds an index range with it, where it only filters the
 * spelled-out OR (a page deep in a long list then reads every row before it). Both select the
 * same rows, NULLs included. Mixed directions have no row comparison and keep the OR.
 */
export function sqlSorted<F extends string>(
  order: SortedRead<F>,
  columns: Readonly<Record<F, SqlSortColumn>>,
  idColumn: string,
  param: (value: unknown) => string,
): { orderBy: string; after?: string } {
  const { keys, after } = order;
  const dir = (descending: boolean) => (descending ? 'DESC' : 'ASC');
  const orderBy = [...keys.map((key) => `${columns[key.field].column} ${dir(key.descending)}`), `${idColumn} ${dir(idDescending(keys))}`].join(', ');
  if (!after) return { orderBy };
  const value = keys.map((key, i) => `${param(after.values[i])}::${columns[key.field].cast}`);
  const id = `${param(after.id)}::uuid`;
  const descending = idDescending(keys);
  if (keys.every((key) => key.descending === descending)) {
    const columnList = [...keys.map((key) => columns[key.field].column), idColumn].join(', ');
    return { orderBy, after: `(${columnList}) ${descending ? '<' : '>'} (${[...value, id].join(', ')})` };
  }
  const equalBefore = (n: number) => keys.slice(0, n).map((key, i) => `${columns[key.field].column} = ${value[i]}`);
  const branches = keys.map((key, i) => [...equalBefore(i), `${columns[key.field].column} ${key.descending ? '<' : '>'} ${value[i]}`]);
  branches.push([...equalBefore(keys.length), `${idColumn} ${idDescending(keys) ? '<' : '>'} ${id}`]);
  return { orderBy, after: `(${branches.map((branch) => `(${branch.join(' AND ')})`).join(' OR ')})` };
}

/** `prismaSorted` of a list sorted by creation only (`CREATION_SORT`: `createdAt`, `-createdAt`). */
export const creationOrder = (order: SortedRead): { orderBy: object[]; where: object } => prismaSorted(order, CREATION_SORT);

/** `readSortedPage` of a list sorted by creation only, whose rows carry `createdAt`. */
export function readCreationPage<R extends { id: string; createdAt: Date }, T>(
  query: { limit?: number; cursor?: string; sort?: string },
  read: (order: SortedRead, take: number) => Promise<R[]>,
  map: (row: R) => T,
): Promise<Page<T>> {
  return readSortedPage(query, CREATION_SORT, read, map, plainSortValue);
}
