import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BadRequestError } from './errors';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

/** `limit` and `cursor` of every plain-array list (ARCHITECTURE.md section 5). */
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

/** Opaque cursors are ours; anything that does not decode to one is a client error, not a 500. */
export function decodeCursor(cursor: string): CursorPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      parsed[0] === CURSOR_VERSION &&
      typeof parsed[1] === 'string' &&
      typeof parsed[2] === 'string' &&
      UUID_RE.test(parsed[2])
    ) {
      return { sortValue: parsed[1], id: parsed[2] };
    }
  } catch {
    // fall through to the uniform error below
  }
  throw new BadRequestError('cursor is not a cursor this API issued', { cursor: ['invalid cursor'] });
}
