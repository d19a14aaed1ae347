import { Inject, Injectable } from '@nestjs/common';
import { StrategySearchType, keyPrefixOf } from '@pds/contracts';
import {
  DATABASE,
  Database,
  LargeTables,
  SENTENCE_WALK,
  ScorePosition,
  SearchText,
  afterScoreSql,
  candidatesPerKind,
  excerptSql,
  largeTablesSql,
  liveRow,
  newestMatchesSql,
  searchSql,
  statementName,
} from '@pds/persistence';
import { STRATEGY_SCHEMA } from '../database/strategy.prisma';

export interface SearchRow {
  type: StrategySearchType;
  id: string;
  number: number | null;
  title: string;
  status: string | null;
  /** Windows of the searched texts around the match (text2: an interview's transcript, an insight's quotes). */
  text: string | null;
  text2: string | null;
  score: number;
  total: bigint | number;
}

/**
 * Per kind: its table, whether it has a status, and its searched texts besides the title (search_vector
 * holds them all). `text2` is computed from the row's `text2Columns` after the newest matches are read.
 * `walk`: rows walked newest first (NEWEST_WALK by default). `longTexts`: most rows hold most common
 * words, so a sentence of them is walked for (fenced); the other kinds read a sentence's few matches
 * at once (newestMatchesSql's `atOnce`), which for transcripts would read thousands of them, unless
 * the kind is large in the organization (LargeTables): its words' GIN lists are then long (16 ms for
 * a sentence of common words in 60,000 insights), and the sentence walks SENTENCE_WALK rows and skips
 * the older ones when its words are all common, as in work items. `statement`: which of the two
 * statements reads the kind (STATEMENTS).
 */
const SOURCES: Record<StrategySearchType, { table: string; status: boolean; text: string; text2?: string; text2Columns?: string[]; walk?: number; longTexts?: true; statement: 0 | 1 }> = {
  ckr: { table: 'ckrs', status: true, text: 'description', statement: 0 },
  opportunity: { table: 'opportunities', status: true, text: 'description', statement: 1 },
  solution: { table: 'solutions', status: true, text: 'description', statement: 1 },
  experiment: { table: 'experiments', status: true, text: 'hypothesis', statement: 1 },
  // A transcript's vector is read from TOAST and decompressed for each row walked (~40 µs): a walk of
  // NEWEST_WALK interviews was 40 ms for a rare text, whose bitmap over an organization's few thousand
  // interviews costs a millisecond (docs/benchmarks.md, "Scale").
  interview: { table: 'interviews', status: false, text: 'summary', text2: 'transcript', text2Columns: ['transcript'], walk: 100, longTexts: true, statement: 0 },
  insight: { table: 'insights', status: false, text: 'description', text2: `"${STRATEGY_SCHEMA}".search_text_of(quotes)`, text2Columns: ['quotes'], statement: 0 },
  product_goal: { table: 'product_goals', status: false, text: 'description', statement: 1 },
  annual_goal: { table: 'annual_goals', status: false, text: 'description', statement: 0 },
};

/** The kinds' tables, for the probe of which are large in an organization (LargeTables). */
const LARGE_KINDS = largeTablesSql(
  Object.entries(SOURCES).map(([type, source]) => ({ name: type, table: `"${STRATEGY_SCHEMA}"."${source.table}"`, indexed: 'created_at' })),
);

/**
 * Each kind's `statement` (above): the kinds run as two statements side by side on two connections,
 * each about half of a search's work (a sentence's transcripts and insights in one, opportunities and
 * solutions in the other): one statement for all eight kinds was one backend's 25–30 ms for a
 * sentence at 1,000,000 items while PostgreSQL had cores idle (docs/benchmarks.md, "Scale").
 */
const STATEMENTS = [0, 1] as const;

const byScore = (a: SearchRow, b: SearchRow): number => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Ranked search over the strategy tables (the newest candidatesPerKind matches of each,
 * newestMatchesSql), every branch scoped by organization id: each statement's best `limit` after
 * `after`, merged; `total` is the sum of the statements' counts.
 */
@Injectable()
export class StrategySearchRepository {
  private readonly largeKinds = new LargeTables(async (organizationId) => {
    const [row] = await this.db.sql.query<{ large: string[] }>(LARGE_KINDS, [organizationId], statementName(LARGE_KINDS));
    return row.large;
  });

  // On the pool's own client, not Prisma's raw query: the search reads rows already shaped, and
  // Prisma's raw query cost 1.5–2 ms of the service's 6–7.5 ms of CPU per search (docs/benchmarks.md, "Scale").
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async search(organizationId: string, search: SearchText, types: readonly StrategySearchType[], limit: number, after?: ScorePosition): Promise<SearchRow[]> {
    const large = search.sentence ? await this.largeKinds.of(organizationId) : new Set<string>();
    const candidates = candidatesPerKind(types.length);
    const parts = await Promise.all(
      STATEMENTS.map((statement) => types.filter((type) => SOURCES[type].statement === statement))
        .filter((kinds) => kinds.length > 0)
        .map((kinds) => this.statement(organizationId, search, kinds, { candidates, large, limit, after })),
    );
    if (parts.length === 1) return parts[0];
    const total = parts.reduce((sum, rows) => sum + Number(rows[0]?.total ?? 0), 0);
    return parts.flat().sort(byScore).slice(0, limit).map((row) => ({ ...row, total }));
  }

  private statement(
    organizationId: string,
    search: SearchText,
    types: readonly StrategySearchType[],
    { candidates, large, limit, after }: { candidates: number; large: ReadonlySet<string>; limit: number; after?: ScorePosition },
  ): Promise<SearchRow[]> {
    const params: unknown[] = [organizationId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const terms = types.some((type) => large.has(type)) ? param(search.terms) : '';
    const branches = types.map((type) => {
      const source = SOURCES[type];
      const prefix = keyPrefixOf(type);
      const { match, score } = searchSql(search, { vector: 'search_vector', title: 'title', texts: [source.text, ...(source.text2 ? [source.text2] : [])], ...(prefix ? { keyNumber: { column: 'number', prefix } } : {}) }, param);
      // The newest `candidates` matches in two parts (newestMatchesSql, as the work-item search):
      // the newest NEWEST_WALK rows walked by (organization_id, created_at), the older ones' matches
      // as a bitmap only for a rare text. One statement `ORDER BY created_at DESC LIMIT n` walked the
      // organization's index for a rare word, or scanned the table where it was small.
      const columns = ['id', 'title', 'search_vector', source.text, ...(source.text2Columns ?? []), ...(prefix ? ['number'] : []), ...(source.status ? ['status'] : [])];
      const walked = search.sentence && (source.longTexts || large.has(type));
      const matches = newestMatchesSql({
        table: `"${STRATEGY_SCHEMA}"."${source.table}"`, alias: 's', columns,
        where: `${liveRow('s')} AND ${match}`, organization: '$1::uuid', newest: 'created_at',
        floor: "'-infinity'::timestamptz", zero: "interval '0'", limit: candidates,
        walk: source.walk ?? (walked ? SENTENCE_WALK : undefined), fenced: walked, atOnce: search.sentence && !walked,
        common: large.has(type) ? { vector: 'search_vector', terms } : undefined,
      });
      return `(SELECT '${type}' AS type, id, ${prefix ? 'number' : 'NULL::int AS number'}, title,
          ${source.status ? 'status::text' : 'NULL::text'} AS status, ${source.text} AS text, ${source.text2 ?? 'NULL::text'} AS text2, ${score} AS score
        FROM ${matches} m)`;
    });
    // The windows are cut after the LIMIT: a transcript is read for the hits shown only.
    const sql = `SELECT type, id, number, title, status, ${excerptSql('text', search, param)} AS text, ${excerptSql('text2', search, param)} AS text2, score, total
      FROM (SELECT hits.*, count(*) OVER () AS total FROM (${branches.join(' UNION ALL ')}) hits
             WHERE ${afterScoreSql(after, param)} ORDER BY score DESC, id LIMIT ${param(limit)}) page
      ORDER BY score DESC, id`;
    return this.db.sql.query<SearchRow>(sql, params);
  }
}
