import { Inject, Injectable } from '@nestjs/common';
import { StrategySearchType, keyPrefixOf } from '@pds/contracts';
import { containsPattern, liveRow } from '@pds/persistence';
import { STRATEGY_SCHEMA } from '../database/strategy.prisma';
import { PrismaClient } from '../generated/strategy/client';

export interface SearchRow {
  type: StrategySearchType;
  id: string;
  number: number | null;
  title: string;
  status: string | null;
  text: string | null;
  title_match: boolean;
  total: bigint | number;
}

/** Per kind: its table, whether it has a status, and its searched text column (kinds with a key prefix have key numbers). */
const SOURCES: Record<StrategySearchType, { table: string; status: boolean; text: string }> = {
  ckr: { table: 'ckrs', status: true, text: 'description' },
  opportunity: { table: 'opportunities', status: true, text: 'description' },
  solution: { table: 'solutions', status: true, text: 'description' },
  experiment: { table: 'experiments', status: true, text: 'hypothesis' },
  interview: { table: 'interviews', status: false, text: 'summary' },
  insight: { table: 'insights', status: false, text: 'description' },
  product_goal: { table: 'product_goals', status: false, text: 'description' },
  annual_goal: { table: 'annual_goals', status: false, text: 'description' },
};

/** One query over the strategy tables; every branch is scoped by organization id. */
@Injectable()
export class StrategySearchRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  search(organizationId: string, q: string, types: readonly StrategySearchType[], limit: number, offset: number): Promise<SearchRow[]> {
    const pattern = containsPattern(q);
    const branches = types.map((type) => {
      const source = SOURCES[type];
      return `SELECT '${type}' AS type, id, ${keyPrefixOf(type) ? 'number' : 'NULL::int AS number'}, title,
          ${source.status ? 'status' : 'NULL::text AS status'}, ${source.text} AS text, title ILIKE $2 AS title_match, created_at
        FROM "${STRATEGY_SCHEMA}"."${source.table}"
        WHERE organization_id = $1::uuid AND ${liveRow()} AND (title ILIKE $2 OR ${source.text} ILIKE $2)`;
    });
    const sql = `SELECT type, id, number, title, status, text, title_match, count(*) OVER () AS total
      FROM (${branches.join(' UNION ALL ')}) hits
      ORDER BY title_match DESC, created_at DESC, id LIMIT $3 OFFSET $4`;
    return this.prisma.$queryRawUnsafe<SearchRow[]>(sql, organizationId, pattern, limit, offset);
  }
}
