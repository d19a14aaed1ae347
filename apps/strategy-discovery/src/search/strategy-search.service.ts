import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, STRATEGY_SEARCH_TYPES, SearchStrategyQuery, SearchStrategyReply, formatKey, keyPrefixOf } from '@pds/contracts';
import { SearchRow, StrategySearchRepository } from './strategy-search.repository';

const SNIPPET = 160;

/** The hit's human key (`OKR-2`), or null for a kind without one. */
function keyOf(row: SearchRow): string | null {
  const keyPrefix = keyPrefixOf(row.type);
  return keyPrefix && row.number !== null ? formatKey(keyPrefix, row.number) : null;
}

@Injectable()
export class StrategySearchService {
  constructor(@Inject(StrategySearchRepository) private readonly repository: StrategySearchRepository) {}

  async search(auth: AuthContext, query: SearchStrategyQuery): Promise<SearchStrategyReply> {
    assertCan(auth, Permission.Read);
    const types = query.types?.length ? [...new Set(query.types)] : STRATEGY_SEARCH_TYPES;
    const rows = await this.repository.search(auth.organizationId, query.q, types, query.limit, query.offset ?? 0);
    return {
      total: rows.length ? Number(rows[0].total) : 0,
      items: rows.map((row) => ({
        id: row.id,
        key: keyOf(row),
        type: row.type,
        title: row.title,
        status: row.status,
        snippet: snippet(row.text, query.q),
        titleMatch: row.title_match,
      })),
    };
  }
}

/** One line of the text around the first match (or its start), at most 160 characters. */
export function snippet(text: string | null, q: string): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = flat.toLowerCase().indexOf(q.toLowerCase());
  const start = at > SNIPPET / 2 ? at - SNIPPET / 2 : 0;
  const cut = flat.slice(start, start + SNIPPET);
  return `${start > 0 ? '…' : ''}${cut}${start + SNIPPET < flat.length ? '…' : ''}`;
}
