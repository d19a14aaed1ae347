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
  genericStatementName,
  largeTablesSql,
  liveRow,
  newestMatchesSql,
  newestWalkCtes,
  olderMatchesSql,
  searchSql,
  statementName,
  walkRemainder,
  walkSummarySql,
  wordless,
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

/** A row of the walks' statement: a hit of the page, or what one kind's walk found (walkSummarySql). */
type WalkRow = (SearchRow & { part: 'hit' }) | ({ part: 'walk' } & Walked);

/** What one kind's walk found (walkSummarySql). */
interface Walked {
  type: StrategySearchType;
  walked: number;
  edge: string | null;
  cut: boolean;
}

interface PageOptions {
  candidates: number;
  large: ReadonlySet<string>;
  limit: number;
  after?: ScorePosition;
}

/** Each kind's columns as the search engine reads them (searchSql). */
function searchColumns(type: StrategySearchType) {
  const source = SOURCES[type];
  const prefix = keyPrefixOf(type);
  return { vector: 'search_vector', title: 'title', texts: [source.text, ...(source.text2 ? [source.text2] : [])], ...(prefix ? { keyNumber: { column: 'number', prefix } } : {}) };
}

/** The columns a kind's matches are read with: enough to score them and show a hit. */
function matchColumns(type: StrategySearchType): string[] {
  const source = SOURCES[type];
  return ['id', 'title', 'search_vector', source.text, ...(source.text2Columns ?? []), ...(keyPrefixOf(type) ? ['number'] : []), ...(source.status ? ['status'] : [])];
}

/** A kind's hits, as the page's columns, from its matches `m` scored by `score`. */
function hitsOf(type: StrategySearchType, score: string, matches: string): string {
  const source = SOURCES[type];
  return `SELECT '${type}' AS type, id, ${keyPrefixOf(type) ? 'number' : 'NULL::int AS number'}, title,
          ${source.status ? 'status::text' : 'NULL::text'} AS status, ${source.text} AS text, ${source.text2 ?? 'NULL::text'} AS text2, ${score} AS score
        FROM ${matches}`;
}

const TABLE = (type: StrategySearchType) => `"${STRATEGY_SCHEMA}"."${SOURCES[type].table}"`;
const FLOOR = "'-infinity'::timestamptz";

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
    const options: PageOptions = { candidates: candidatesPerKind(types.length), large, limit, after };
    const parts = await Promise.all(
      STATEMENTS.map((statement) => types.filter((type) => SOURCES[type].statement === statement))
        .filter((kinds) => kinds.length > 0)
        .map((kinds) => (search.sentence ? this.statement(organizationId, search, kinds, options) : this.walkThenOlder(organizationId, search, kinds, options))),
    );
    return merged(parts, limit);
  }

  /**
   * A search of words (not a sentence) in two steps. The newest rows of every kind are walked by one
   * statement planned once per connection (genericPlanSql, newestWalkCtes): a walk's cost does not
   * depend on the text, and planning the statement for each text was 2–4 ms of a few milliseconds'
   * read (docs/decisions.md, "Search"). Only the kinds whose walk left something (walkRemainder: the
   * older matches of a text rare in a full walk, everything of a walk cut short) are read again, in a
   * statement planned for the text. The page is the best `limit` of both: the two read disjoint rows,
   * and every hit of the second beats none of the first that it displaces, since the first ranked a
   * subset of the hits.
   */
  private async walkThenOlder(organizationId: string, search: SearchText, types: readonly StrategySearchType[], options: PageOptions): Promise<SearchRow[]> {
    const rows = await this.walks(organizationId, search, types, options);
    const hits = rows.filter((row): row is SearchRow & { part: 'hit' } => row.part === 'hit');
    const left = rows.filter((row): row is Walked & { part: 'walk' } => row.part === 'walk' && walkRemainder(row, search) !== 'none');
    if (!left.length) return hits.sort(byScore);
    return merged([hits, await this.older(organizationId, search, left, options)], options.limit);
  }

  private walks(organizationId: string, search: SearchText, types: readonly StrategySearchType[], { candidates, limit, after }: PageOptions): Promise<WalkRow[]> {
    const params: unknown[] = [organizationId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const ctes: string[] = [];
    const hits: string[] = [];
    const summaries: string[] = [];
    types.forEach((type, i) => {
      const name = `walk_${i}`;
      const { match, score } = searchSql(search, searchColumns(type), param, { plannedOnce: true });
      ctes.push(newestWalkCtes({
        name, table: TABLE(type), alias: 's', columns: matchColumns(type), where: `${liveRow('s')} AND ${match}`,
        organization: '$1::uuid', newest: 'created_at', floor: FLOOR, limit: candidates, walk: SOURCES[type].walk, whole: wordless(search),
      }));
      hits.push(hitsOf(type, score, name));
      summaries.push(`SELECT 'walk', '${type}', NULL::uuid, NULL::int, NULL::text, NULL::text, NULL::text, NULL::text, NULL::float8, NULL::bigint, ${walkSummarySql(name, FLOOR)}`);
    });
    const sql = `WITH ${ctes.join(',\n    ')},
      hits AS (${hits.join(' UNION ALL ')}),
      page AS (SELECT hits.*, count(*) OVER () AS total FROM hits WHERE ${afterScoreSql(after, param)} ORDER BY score DESC, id LIMIT ${param(limit)})
      SELECT 'hit' AS part, type, id, number, title, status, ${excerptSql('text', search, param)} AS text, ${excerptSql('text2', search, param)} AS text2, score, total,
             NULL::int AS walked, NULL::text AS edge, NULL::boolean AS cut FROM page
      UNION ALL ${summaries.join(' UNION ALL ')}`;
    return this.db.genericPlanSql.query<WalkRow>(sql, params, genericStatementName(sql));
  }

  /**
   * What the walks left, planned for the text: the older matches of the kinds a full walk found rare
   * (`candidates` less what it found), everything of the kinds whose walk was cut short.
   */
  private older(organizationId: string, search: SearchText, walks: readonly Walked[], options: PageOptions): Promise<SearchRow[]> {
    const params: unknown[] = [organizationId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const branches = walks.map((walk) => {
      if (walkRemainder(walk, search) === 'all') return this.branch(walk.type, search, param, options);
      const { match, score } = searchSql(search, searchColumns(walk.type), param);
      const matches = olderMatchesSql({
        table: TABLE(walk.type), alias: 's', columns: matchColumns(walk.type), where: `${liveRow('s')} AND ${match}`,
        organization: '$1::uuid', newest: 'created_at', zero: "interval '0'", limit: options.candidates - walk.walked, edge: `${param(walk.edge)}::timestamptz`,
      });
      return `(${hitsOf(walk.type, score, `${matches} m`)})`;
    });
    return this.page(branches, search, param, params, options);
  }

  /** The whole search of one statement planned for its text: a sentence's (newestMatchesSql). */
  private statement(organizationId: string, search: SearchText, types: readonly StrategySearchType[], options: PageOptions): Promise<SearchRow[]> {
    const params: unknown[] = [organizationId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const terms = types.some((type) => options.large.has(type)) ? param(search.terms) : '';
    return this.page(types.map((type) => this.branch(type, search, param, options, terms)), search, param, params, options);
  }

  /**
   * One kind's newest `candidates` matches in two parts (newestMatchesSql, as the work-item search):
   * the newest rows walked by (organization_id, created_at), the older ones' matches as a bitmap only
   * for a rare text. One statement `ORDER BY created_at DESC LIMIT n` walked the organization's index
   * for a rare word, or scanned the table where it was small. `terms`: the sentence's words' `$n`.
   */
  private branch(type: StrategySearchType, search: SearchText, param: (value: unknown) => string, { candidates, large }: PageOptions, terms = ''): string {
    const source = SOURCES[type];
    const { match, score } = searchSql(search, searchColumns(type), param);
    const walked = search.sentence && (source.longTexts || large.has(type));
    const matches = newestMatchesSql({
      table: TABLE(type), alias: 's', columns: matchColumns(type),
      where: `${liveRow('s')} AND ${match}`, organization: '$1::uuid', newest: 'created_at',
      floor: FLOOR, zero: "interval '0'", limit: candidates,
      walk: source.walk ?? (walked ? SENTENCE_WALK : undefined), fenced: walked, atOnce: search.sentence && !walked,
      common: large.has(type) ? { vector: 'search_vector', terms } : undefined,
    });
    return `(${hitsOf(type, score, `${matches} m`)})`;
  }

  /** The best `limit` hits of `branches` after `after`, with their count; run unnamed, planned for the text. */
  private page(branches: string[], search: SearchText, param: (value: unknown) => string, params: unknown[], { limit, after }: Pick<PageOptions, 'limit' | 'after'>): Promise<SearchRow[]> {
    // The windows are cut after the LIMIT: a transcript is read for the hits shown only.
    const sql = `SELECT type, id, number, title, status, ${excerptSql('text', search, param)} AS text, ${excerptSql('text2', search, param)} AS text2, score, total
      FROM (SELECT hits.*, count(*) OVER () AS total FROM (${branches.join(' UNION ALL ')}) hits
             WHERE ${afterScoreSql(after, param)} ORDER BY score DESC, id LIMIT ${param(limit)}) page
      ORDER BY score DESC, id`;
    return this.db.sql.query<SearchRow>(sql, params);
  }
}

/** The best `limit` hits of pages read apart, each with the sum of their counts. */
function merged(parts: SearchRow[][], limit: number): SearchRow[] {
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((sum, rows) => sum + Number(rows[0]?.total ?? 0), 0);
  return parts.flat().sort(byScore).slice(0, limit).map((row) => ({ ...row, total }));
}
