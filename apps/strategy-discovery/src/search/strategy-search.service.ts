import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, STRATEGY_SEARCH_TYPES, SearchStrategyQuery, SearchStrategyReply, formatKey, keyPrefixOf } from '@pds/contracts';
import { normalizeSearch, searchSnippet } from '@pds/persistence';
import { SearchRow, StrategySearchRepository } from './strategy-search.repository';

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
    const search = normalizeSearch(query.q);
    const after = query.afterScore !== undefined && query.afterId ? { score: query.afterScore, id: query.afterId } : undefined;
    const rows = await this.repository.search(auth.organizationId, search, types, query.limit, after);
    return {
      total: rows.length ? Number(rows[0].total) : 0,
      items: rows.map((row) => {
        // The text that holds the match, else the first text there is (an insight's quotes, a transcript).
        const word = search.tsquery.match(/[\p{L}\p{N}]+/u)?.[0];
        const text = word && !row.text?.toLowerCase().includes(word) && row.text2?.toLowerCase().includes(word) ? row.text2 : (row.text ?? row.text2);
        return { id: row.id, key: keyOf(row), type: row.type, title: row.title, status: row.status, snippet: searchSnippet(text, search), score: Number(row.score) };
      }),
    };
  }
}
