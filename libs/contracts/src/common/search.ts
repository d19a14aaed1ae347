import { Transform, Type } from 'class-transformer';
import { IsInt, IsNumber, IsOptional, IsString, IsUUID, Length, Max, Min } from 'class-validator';
import type { RecordKind } from './record-kinds';

/** Most hits of one search page (MCP `search`, GET /search). */
export const MAX_SEARCH_PAGE = 50;

/**
 * One ranked search of a service (libs/persistence text-search.ts): best score first, ties by id; a
 * page starts after the position of the last hit shown (`afterScore`, `afterId`), so the edges can
 * merge several services' pages by score.
 */
export class RankedSearchQuery {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 200)
  q: string;

  /** One more than the page holds is allowed: the edge asks for it to know whether more follow. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_PAGE + 1)
  limit: number;

  @IsOptional()
  @Type(() => Number)
  @IsNumber()
  @Min(0)
  @Max(1)
  afterScore?: number;

  @IsOptional()
  @IsUUID()
  afterId?: string;
}

export interface RankedHit<K extends RecordKind = RecordKind> {
  id: string;
  /** Human key (`OKR-2`, `WI-42`), or null for kinds without one. */
  key: string | null;
  type: K;
  title: string;
  status: string | null;
  /** One line around the match, or the start of the text. */
  snippet: string | null;
  /** The engine's score, 0..1, the same formula in every service. */
  score: number;
}

export interface RankedSearchReply<K extends RecordKind = RecordKind> {
  items: RankedHit<K>[];
  /** Hits after the position asked for, these included (for the `omitted` count). */
  total: number;
}
