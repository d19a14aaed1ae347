import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { IsAnyOf } from './decorators';
import type { RecordKind } from './record-kinds';
import { Field } from './schema';
import { MAX_SEARCH_PAGE } from './search';
import { STRATEGY_SEARCH_TYPES } from '../strategy/strategy-search.dto';

/** The record kinds a search finds (MCP `search`, GET /search): the strategy service's, then work items. */
export const SEARCHABLE_KINDS = [...STRATEGY_SEARCH_TYPES, 'work_item'] as const satisfies readonly RecordKind[];
export type SearchableKind = (typeof SEARCHABLE_KINDS)[number];

const SEARCHABLE = Object.fromEntries(SEARCHABLE_KINDS.map((kind) => [kind, kind]));

/** Page size of GET /search when `limit` is not given. */
export const DEFAULT_SEARCH_PAGE = 20;

/** `GET /search`: one ranked search over every searchable kind. */
export class RecordSearchQuery {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 200)
  q: string;

  @IsAnyOf(SEARCHABLE)
  types?: SearchableKind[];

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_SEARCH_PAGE)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;
}

/** One hit of GET /search. */
export class SearchResultResponse {
  @Field.enum(SEARCHABLE) type!: SearchableKind;
  @Field.uuid() id!: string;
  @Field.string({ nullable: true }) key!: string | null;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) snippet!: string | null;
  @Field.number() score!: number;
}
