import { Inject, Injectable } from '@nestjs/common';
import { StrategySearchType } from '@pds/contracts';
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

/** Per type: its table, key column and searched text column. */
const SOURCES: Record<StrategySearchType, { table: string; number: boolean; status: boolean; text: string }> = {
  okr: { table: 'ckrs', number: true, status: true, text: 'description' },
  opportunity: { table: 'opportunities', number: true, status: true, text: 'description' },
  solution: { table: 'solutions', number: false, status: true, text: 'description' },
  experiment: { table: 'experiments', number: true, status: true, text: 'hypothesis' },
  interview: { table: 'interviews', number: false, status: false, text: 'summary' },
  insight: { table: 'insights', number: false, status: false, text: 'description' },
  product_goal: { table: 'product_goals', number: false, status: false, text: 'description' },
  annual_goal: { table: 'annual_goals', number: false, status: false, text: 'description' },
};

/** One query over the strategy tables; every branch is scoped by organization id. */
@Injectable()
export class StrategySearchRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  search(organizationId: string, q: string, types: readonly StrategySearchType[], limit: number, offset: number): Promise<SearchRow[]> {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const branches = types.map((type) => {
      const source = SOURCES[type];
      return `SELECT '${type}' AS type, id, ${source.number ? 'number' : 'NULL::int AS number'}, title,
          ${source.status ? 'status' : 'NULL::text AS status'}, ${source.text} AS text, title ILIKE $2 AS title_match, created_at
        FROM "${STRATEGY_SCHEMA}"."${source.table}"
        WHERE organization_id = $1::uuid AND (title ILIKE $2 OR ${source.text} ILIKE $2)`;
    });
    const sql = `SELECT type, id, number, title, status, text, title_match, count(*) OVER () AS total
      FROM (${branches.join(' UNION ALL ')}) hits
      ORDER BY title_match DESC, created_at DESC, id LIMIT $3 OFFSET $4`;
    return this.prisma.$queryRawUnsafe<SearchRow[]>(sql, organizationId, pattern, limit, offset);
  }
}
