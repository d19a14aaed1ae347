import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, BadRequestError, RankedHit, RankedSearchReply, STRATEGY_SEARCH_TYPES, SearchableKind, StrategySubjects, WorkItemSubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';

/** Where the next page of a merged search starts: after this score and id. */
export interface SearchAfter {
  score: number;
  id: string;
}

export interface RecordSearchPage {
  items: RankedHit<SearchableKind>[];
  next: SearchAfter | null;
  /** Hits after this page. */
  omitted: number;
}

const NONE: RankedSearchReply<never> = { items: [], total: 0 };

/** Best score first, then id ascending: the order every service's search answers in (uuid order is the text's). */
export function byScore(a: { score: number; id: string }, b: { score: number; id: string }): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * One search over every searchable kind, for both edges (MCP `search`, GET /search): each service
 * ranks its own hits with the same engine and score (libs/persistence text-search.ts, 0..1), so
 * their pages merge by score; each reads after the same position, so the cursor is one (score, id).
 */
@Injectable()
export class RecordSearch {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async search(auth: AuthContext, q: string, types: readonly SearchableKind[], limit: number, after?: SearchAfter): Promise<RecordSearchPage> {
    const position = after ? { afterScore: after.score, afterId: after.id } : {};
    const strategyTypes = STRATEGY_SEARCH_TYPES.filter((kind) => types.includes(kind));
    const [strategy, workItems] = await Promise.all([
      strategyTypes.length ? this.bus.request(StrategySubjects.search, { auth, query: { q, types: strategyTypes, limit, ...position } }) : NONE,
      types.includes('work_item') ? this.bus.request(WorkItemSubjects.search, { auth, query: { q, limit, ...position } }) : NONE,
    ]);
    const merged: RankedHit<SearchableKind>[] = [...strategy.items, ...workItems.items].sort(byScore);
    const items = merged.slice(0, limit);
    const omitted = strategy.total + workItems.total - items.length;
    const last = items.at(-1);
    return { items, next: omitted > 0 && last ? { score: last.score, id: last.id } : null, omitted };
  }
}

/** The opaque cursor of GET /search: the position after the last hit shown. */
export function encodeSearchCursor(after: SearchAfter): string {
  return Buffer.from(JSON.stringify({ s: after.score, i: after.id }), 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A cursor this API issued, else a 400 (not a 500, not a silent restart at page one). */
export function decodeSearchCursor(cursor: string): SearchAfter {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s?: unknown; i?: unknown };
    if (typeof parsed.s === 'number' && parsed.s >= 0 && parsed.s <= 1 && typeof parsed.i === 'string' && UUID.test(parsed.i)) return { score: parsed.s, id: parsed.i };
  } catch {
    // Not base64url JSON: the same answer as a wrong shape.
  }
  throw new BadRequestError('cursor is not a cursor this API issued', { cursor: ['invalid cursor'] });
}
