import { BadRequestError } from './errors';
import { ListQuery } from './pagination';
import { applyDecorators } from '@nestjs/common';
import { IsOptional, registerDecorator } from 'class-validator';

/**
 * How a sort field's values are compared and carried in a cursor: an instant (ISO text), a whole
 * number, or an enum (its declaration order in the database, e.g. priority LOW < … < CRITICAL).
 */
export type SortFieldType = 'time' | 'int' | 'enum' | 'text';

/** One key of a `sort` parameter: `-updatedAt` is `{ field: 'updatedAt', descending: true }`. */
export interface SortKey<F extends string = string> {
  field: F;
  descending: boolean;
}

/** The sort values of the last row of a page, one per key, and its id (the tie-breaker). */
export interface SortPosition {
  values: (string | number)[];
  id: string;
}

/** What a repository is asked for: the keys to order by (id breaks ties) and where to start. */
export interface SortedRead<F extends string = string> {
  keys: SortKey<F>[];
  after?: SortPosition;
}

export const MAX_SORT_KEYS = 3;

/**
 * The sorts one list offers: its fields (each backed by an index of the list's table, alone or
 * after the organization) and its default, a single key (ascending unless the list has always been
 * newest first) whose cursors are the list's plain ones, so a page without `sort` reads and pages
 * exactly as before sorting existed.
 */
export class ListSort<F extends string = string> {
  readonly names: readonly F[];

  constructor(
    readonly fields: Readonly<Record<F, SortFieldType>>,
    readonly defaultField: NoInfer<F>,
    readonly defaultDescending = false,
  ) {
    this.names = Object.keys(fields) as F[];
  }

  /** The parameter's description in the OpenAPI document. */
  get description(): string {
    return (
      `Order of the list: comma-separated fields, each ascending or with a leading \`-\` descending, ` +
      `at most ${MAX_SORT_KEYS} (ties are broken by id). Fields: ${this.names.map((name) => `\`${name}\``).join(', ')}. ` +
      `Default \`${this.defaultText}\`. A cursor continues only the sort it came from.`
    );
  }

  /** The default as a `sort` value (`-createdAt` for a newest-first list). */
  get defaultText(): string {
    return `${this.defaultDescending ? '-' : ''}${this.defaultField}`;
  }

  /** Why `sort` is not one this list offers, or null. */
  problem(sort: unknown): string | null {
    if (typeof sort !== 'string' || sort === '') return 'sort must be a non-empty string';
    const parts = sort.split(',');
    if (parts.length > MAX_SORT_KEYS) return `sort takes at most ${MAX_SORT_KEYS} fields`;
    const seen = new Set<string>();
    for (const part of parts) {
      const field = part.startsWith('-') ? part.slice(1) : part;
      if (!(this.names as readonly string[]).includes(field)) return `sort field "${field}" is not one of ${this.names.join(', ')}`;
      if (seen.has(field)) return `sort names "${field}" twice`;
      seen.add(field);
    }
    return null;
  }

  /** The keys of a valid `sort` (the query was validated), or the default. */
  keys(sort: string | undefined): SortKey<F>[] {
    if (sort === undefined) return [{ field: this.defaultField, descending: this.defaultDescending }];
    const problem = this.problem(sort);
    if (problem) throw new BadRequestError(problem, { sort: [problem] });
    return sort.split(',').map((part) => ({ field: (part.startsWith('-') ? part.slice(1) : part) as F, descending: part.startsWith('-') }));
  }

  /** Whether the keys are the default order (plain cursors) rather than a chosen sort. */
  isDefault(keys: readonly SortKey<F>[]): boolean {
    return keys.length === 1 && keys[0].field === this.defaultField && keys[0].descending === this.defaultDescending;
  }
}

export const sortText = (keys: readonly SortKey[]): string => keys.map((key) => `${key.descending ? '-' : ''}${key.field}`).join(',');

const SORTED_CURSOR_VERSION = 's1';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ENUM_RE = /^[A-Z][A-Z0-9_]{0,63}$/;

function isSortValue(value: unknown, type: SortFieldType): boolean {
  if (type === 'int') return Number.isSafeInteger(value) && Math.abs(value as number) <= 2_147_483_647;
  if (typeof value !== 'string') return false;
  if (type === 'enum') return ENUM_RE.test(value);
  if (type === 'text') return value.length <= 1000;
  const time = Date.parse(value);
  return TIMESTAMP_RE.test(value) && !value.startsWith('0000') && Number.isFinite(time) && new Date(time).toISOString() === value;
}

/** The cursor of a page read in a chosen sort: the sort itself, the last row's values and its id. */
export function encodeSortedCursor(keys: readonly SortKey[], position: SortPosition): string {
  return Buffer.from(JSON.stringify([SORTED_CURSOR_VERSION, sortText(keys), position.values, position.id])).toString('base64url');
}

/**
 * A cursor of this very sort, checked value by value against the fields' types; a cursor of
 * another sort (or of the default order) is a 400: continuing it would skip or repeat rows.
 */
export function decodeSortedCursor(cursor: string, sort: ListSort, keys: readonly SortKey[]): SortPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 4 && parsed[0] === SORTED_CURSOR_VERSION) {
    const [, text, values, id] = parsed as [string, unknown, unknown, unknown];
    if (text !== sortText(keys)) {
      throw new BadRequestError('cursor belongs to another sort order', { cursor: [`cursor was issued for sort=${String(text)}`] });
    }
    if (
      Array.isArray(values) &&
      values.length === keys.length &&
      values.every((value, i) => isSortValue(value, sort.fields[keys[i].field])) &&
      typeof id === 'string' &&
      UUID_RE.test(id)
    ) {
      return { values: values as (string | number)[], id };
    }
  }
  throw new BadRequestError('cursor is not a cursor this API issued for this sort', { cursor: ['invalid cursor for this sort'] });
}

/** The `sort` query parameter of a list, checked against the sorts it offers (`sort` field in details). */
export const IsSort = (sort: ListSort): PropertyDecorator =>
  applyDecorators(IsOptional(), (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isSort',
      target: target.constructor,
      propertyName: propertyName.toString(),
      // The OpenAPI generator reads the offered sorts from the constraint (pattern and description).
      constraints: [sort],
      options: { message: (args) => sort.problem(args.value) ?? 'invalid sort' },
      validator: { validate: (value) => sort.problem(value) === null },
    }),
  );

/** The pattern of a `sort` this list offers, for the OpenAPI document (duplicates aside). */
export function sortPattern(sort: ListSort): string {
  const field = `-?(${sort.names.join('|')})`;
  return `^${field}(,${field}){0,${Math.min(sort.names.length, MAX_SORT_KEYS) - 1}}$`;
}

/** `limit`, `cursor` and a `sort` of the list's offered sorts: the query of a sortable list. */
export function SortableQuery(sort: ListSort) {
  class SortableListQuery extends ListQuery {
    @IsSort(sort)
    sort?: string;
  }
  return SortableListQuery;
}

/** The sorts of a record list whose table is indexed by creation and by last change. */
export const RECORD_SORT = new ListSort({ createdAt: 'time', updatedAt: 'time' }, 'createdAt');

/** The sorts of a list indexed by creation only (newest first is `-createdAt`). */
export const CREATION_SORT = new ListSort({ createdAt: 'time' }, 'createdAt');

/** The sorts of a log read newest first by default, by its creation (`createdAt` for oldest first). */
export const NEWEST_FIRST_SORT = new ListSort({ createdAt: 'time' }, 'createdAt', true);

/** The query of a list sorted by creation only (labels, teams, users, keys, comments, webhooks, repositories). */
export class CreationListQuery extends SortableQuery(CREATION_SORT) {}
