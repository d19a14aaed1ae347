import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BadRequestError } from './errors';
import type { JsonText } from './json-text';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

/** `limit` and `cursor` of every plain-array list: every list but deliveries stays a plain array. */
export class ListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;
}

/** What a service returns for a list; the edge turns it into an array plus `Link`/`X-Next-Cursor`. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A page whose items are still JSON text, for an edge that sends them on as they came: the array
 * of the response body, and the cursor of its paging headers.
 */
export interface JsonPage<T> {
  items: JsonText<T[]>;
  nextCursor: string | null;
}

const PAGE_HEAD = '{"nextCursor":';
const PAGE_ITEMS = ',"items":';

/** The JSON text of a Page, cursor first, so that `splitPageJson` can cut the items out without parsing them. */
export function pageJson<T>(items: JsonText<T[]>, nextCursor: string | null): JsonText<Page<T>> {
  return `${PAGE_HEAD}${JSON.stringify(nextCursor)}${PAGE_ITEMS}${items}}`;
}

/**
 * A Page's JSON text as a JsonPage. Text from `pageJson` is cut apart and only the cursor parsed
 * (a JSON string cannot hold an unescaped `"`, so the first `,"items":` ends the cursor); any other
 * page is parsed and its items serialized again.
 */
export function splitPageJson<T>(text: JsonText<Page<T>>): JsonPage<T> {
  if (text.startsWith(PAGE_HEAD) && text.endsWith('}')) {
    const end = text.indexOf(PAGE_ITEMS, PAGE_HEAD.length);
    const nextCursor: unknown = end > 0 ? JSON.parse(text.slice(PAGE_HEAD.length, end)) : undefined;
    if (nextCursor === null || typeof nextCursor === 'string') return { items: text.slice(end + PAGE_ITEMS.length, -1), nextCursor };
  }
  const page = JSON.parse(text) as Page<T>;
  return { items: JSON.stringify(page.items), nextCursor: page.nextCursor };
}

/** Position after the last row of a page: the sort value and the id that breaks ties. */
export interface CursorPosition {
  sortValue: string;
  id: string;
}

const CURSOR_VERSION = 'c1';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([CURSOR_VERSION, position.sortValue, position.id])).toString('base64url');
}

/**
 * What a list is ordered by, and so what its cursors carry: a timestamp (creation, start), a key
 * number, a count and then a key number (`12/345`: the portal's most-voted order), or a
 * transaction and a sequence (`9876/54`: the event log).
 */
export type CursorOrder = 'time' | 'number' | 'count-number' | 'sequence';

const INT32_RE = /^\d{1,10}$/;
const isInt32 = (value: string) => INT32_RE.test(value) && Number(value) <= 2_147_483_647;
/** Two non-negative 64-bit integers as decimal text (`1234/56`): the event log's (transaction, sequence). */
const SEQUENCE_RE = /^\d{1,19}\/\d{1,19}$/;

/** The sort value of a `count-number` cursor. */
export function countNumberSortValue(count: number, number: number): string {
  return `${count}/${number}`;
}

const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function isSortValue(value: string, order: CursorOrder): boolean {
  if (order === 'number') return isInt32(value);
  if (order === 'sequence') return SEQUENCE_RE.test(value) && value.split('/').every((part) => BigInt(part) < 2n ** 63n);
  if (order === 'count-number') {
    const parts = value.split('/');
    return parts.length === 2 && parts.every(isInt32);
  }
  const time = Date.parse(value);
  // Years 1–9999 only: year 0 parses in JavaScript but not in PostgreSQL.
  return TIMESTAMP_RE.test(value) && !value.startsWith('0000') && Number.isFinite(time) && new Date(time).toISOString() === value;
}

const isPosition = (sortValue: unknown, id: unknown, order: CursorOrder): boolean =>
  typeof sortValue === 'string' && typeof id === 'string' && UUID_RE.test(id) && isSortValue(sortValue, order);

const invalidCursor = () => new BadRequestError('cursor is not a cursor this API issued', { cursor: ['invalid cursor'] });

/**
 * Opaque cursors are ours; anything that does not decode to one of the list's order is a client
 * error, not a 500 and not a silent restart at page one. Cursors are not signed: a cursor is only a
 * position among the caller's own organization's rows, and every value in it is checked here.
 */
export function decodeCursor(cursor: string, order: CursorOrder): CursorPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === CURSOR_VERSION && isPosition(parsed[1], parsed[2], order)) {
      return { sortValue: parsed[1], id: parsed[2] };
    }
  } catch {
    // fall through to the uniform error below
  }
  throw invalidCursor();
}

const LISTS_CURSOR_VERSION = 'm1';

/**
 * One cursor for several lists paged side by side (a work item's branches, commits and pull
 * requests): each list's position, or null for a list that has ended. Issued only while one of
 * them goes on.
 */
export function encodeListsCursor(positions: readonly (CursorPosition | null)[]): string {
  return Buffer.from(JSON.stringify([LISTS_CURSOR_VERSION, ...positions.map((p) => (p ? [p.sortValue, p.id] : null))])).toString('base64url');
}

/** The positions of an `encodeListsCursor` cursor of `count` lists; anything else is a 400, as for decodeCursor. */
export function decodeListsCursor(cursor: string, count: number, order: CursorOrder): (CursorPosition | null)[] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === count + 1 && parsed[0] === LISTS_CURSOR_VERSION) {
      const positions = parsed.slice(1).map((entry: unknown) => {
        if (entry === null) return null;
        if (Array.isArray(entry) && entry.length === 2 && isPosition(entry[0], entry[1], order)) return { sortValue: entry[0] as string, id: entry[1] as string };
        throw invalidCursor();
      });
      if (positions.some((position) => position !== null)) return positions;
    }
  } catch {
    // fall through to the uniform error below
  }
  throw invalidCursor();
}
