import type { RecordKind } from './record-kinds';
import { STRATEGY_SEARCH_TYPES } from '../strategy/strategy-search.dto';

/** The record kinds a search finds (MCP `search`, GET /search): the strategy service's, then work items. */
export const SEARCHABLE_KINDS = [...STRATEGY_SEARCH_TYPES, 'work_item'] as const satisfies readonly RecordKind[];
export type SearchableKind = (typeof SEARCHABLE_KINDS)[number];
