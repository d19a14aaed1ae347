import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CKR_KEY_PREFIX,
  EXPERIMENT_KEY_PREFIX,
  OPPORTUNITY_KEY_PREFIX,
  STRATEGY_SEARCH_TYPES,
  SearchStrategyQuery,
  SearchStrategyReply,
  StrategySearchType,
  formatKey,
} from '@pds/contracts';
import { StrategySearchRepository } from './strategy-search.repository';

const KEY_PREFIX: Partial<Record<StrategySearchType, string>> = {
  okr: CKR_KEY_PREFIX,
  opportunity: OPPORTUNITY_KEY_PREFIX,
  experiment: EXPERIMENT_KEY_PREFIX,
};
const SNIPPET = 160;

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
        key: row.number !== null && KEY_PREFIX[row.type] ? formatKey(KEY_PREFIX[row.type] as string, row.number) : null,
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
