import { Inject, Injectable } from '@nestjs/common';
import {
  AuthContext,
  Page,
  STRATEGY_SEARCH_TYPES,
  SearchStrategyReply,
  StrategySubjects,
  WorkItemResponse,
  WorkItemSubjects,
  encodeCursor,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { RecordType } from './record-type';
import { clip, nameOf } from './record.view';

/** What a search takes, by the names agents see: the strategy service's search kinds, then work items. */
export const SEARCHABLE_TYPES = [...STRATEGY_SEARCH_TYPES, 'work_item'] as const;
export type SearchableType = (typeof SEARCHABLE_TYPES)[number];

/** A search line: the record's key (or uuid where its kind has none) and kind, as list lines have them. */
export type SearchResultItem = ({ key: string } | { id: string }) & {
  recordKind: RecordType;
  title: string;
  status: string | null;
  snippet: string | null;
};

/** Where the next page starts in each source. */
export interface SearchPosition {
  /** Strategy hits already shown. */
  s: number;
  /** Work-item list cursor; null before the first page, 'done' when exhausted. */
  w: string | null;
}

export interface SearchPage {
  items: SearchResultItem[];
  next: SearchPosition | null;
  omitted: number;
  /** True when there are at least `omitted` more (work items are counted up to a bound). */
  omittedAtLeast: boolean;
}

/** Work items fetched per search page to count what is left; beyond this the count is a lower bound. */
const WORK_ITEM_WINDOW = 200;

/**
 * One search over every record type: the strategy service's search and the work-item list's title/key
 * match, merged with title matches first. Each source keeps its own position in the cursor.
 */
@Injectable()
export class RecordSearchService {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async search(auth: AuthContext, q: string, types: readonly SearchableType[], limit: number, from: SearchPosition): Promise<SearchPage> {
    const strategyTypes = STRATEGY_SEARCH_TYPES.filter((kind) => types.includes(kind));
    const wantWorkItems = types.includes('work_item') && from.w !== 'done';
    const [strategy, workItems] = await Promise.all([
      strategyTypes.length
        ? (this.bus.request(StrategySubjects.search, { auth, query: { q, types: strategyTypes, limit, offset: from.s } }) as Promise<SearchStrategyReply>)
        : Promise.resolve({ items: [], total: 0 }),
      wantWorkItems
        ? (this.bus.request(WorkItemSubjects.list, {
            auth,
            query: { q, limit: WORK_ITEM_WINDOW, ...(from.w ? { cursor: from.w } : {}) },
          }) as Promise<Page<WorkItemResponse>>)
        : Promise.resolve({ items: [], nextCursor: null }),
    ]);

    type Candidate = { item: SearchResultItem; source: 's' | 'w'; rank: number; workItem?: WorkItemResponse };
    const candidates: Candidate[] = [
      ...strategy.items.map((hit) => ({
        item: { ...nameOf(hit), recordKind: hit.type, title: hit.title, status: hit.status, snippet: hit.snippet },
        source: 's' as const,
        rank: hit.titleMatch ? 0 : 2,
      })),
      ...workItems.items.map((w) => ({
        item: { key: w.key, recordKind: 'work_item' as const, title: w.title, status: w.status, snippet: clip(w.description, 160) },
        source: 'w' as const,
        rank: 1,
        workItem: w,
      })),
    ];
    // Stable: within a rank each source keeps its own order, so positions stay contiguous.
    const shown = candidates.map((c, i) => ({ c, i })).sort((a, b) => a.c.rank - b.c.rank || a.i - b.i).slice(0, limit).map(({ c }) => c);
    const shownStrategy = shown.filter((c) => c.source === 's').length;
    const shownWork = shown.filter((c) => c.source === 'w');
    const lastWork = shownWork.at(-1)?.workItem;

    const strategyLeft = Math.max(0, strategy.total - from.s - shownStrategy);
    const workLeftFetched = workItems.items.length - shownWork.length;
    let w: string | null;
    if (!wantWorkItems) w = 'done';
    else if (workLeftFetched > 0 && lastWork) w = encodeCursor({ sortValue: lastWork.key.split('-')[1], id: lastWork.id });
    else if (workLeftFetched > 0) w = from.w;
    else w = workItems.nextCursor ?? 'done';
    const omitted = strategyLeft + workLeftFetched;
    const next = omitted > 0 || (w !== 'done' && workItems.nextCursor) ? { s: from.s + shownStrategy, w } : null;
    return { items: shown.map((c) => c.item), next, omitted, omittedAtLeast: Boolean(workItems.nextCursor) };
  }
}
