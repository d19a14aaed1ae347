import {
  RARE_AMONG_NEWEST,
  SEARCH_CANDIDATES,
  SENTENCE_WALK,
  ScorePosition,
  SearchSql,
  SearchText,
  afterScoreSql,
  excerptSql,
  liveRow,
  newestMatchesSql,
  newestWalkCtes,
  olderMatchesSql,
  searchSql,
  walkRemainder,
  walkSummarySql,
  wordless,
} from '@pds/persistence';

/**
 * The ranked search of work items and their comments (text-search.ts): an item's score is the best of
 * its own and half its comments' (a comment is about the item, not the item itself), best first,
 * after `after`; `total` counts every hit after `after`. Words are searched in two steps
 * (walkedSearchSql, then olderSearchSql only where a text is rare); a sentence in one statement
 * planned for it (plannedSearchSql).
 */

export interface WorkItemSearchRow {
  id: string;
  number: number;
  title: string;
  status: string;
  /** Windows of the description and of the best matching comment around the match. */
  description: string | null;
  comment: string | null;
  score: number;
  total: string | number;
}

/** The two searched tables, as walkSummarySql names them. */
export type SearchedTable = 'work_items' | 'comments';

/** What one table's walk found (walkSummarySql). */
export interface TableWalk {
  table: SearchedTable;
  walked: number;
  edge: string | null;
  cut: boolean;
}

/** The walks' candidates, best per item: passed to olderSearchSql so that its page ranks them with the older matches. */
export interface WalkedCandidates {
  ids: string[];
  scores: number[];
  commentIds: (string | null)[];
}

/** A row of walkedSearchSql: a hit of its page, what a table's walk found, or its candidates when some table was rare. */
export type WalkedSearchRow =
  | (WorkItemSearchRow & { part: 'hit' })
  | { part: 'walk'; table_name: SearchedTable; walked: number; edge: string | null; cut: boolean }
  | { part: 'candidates'; ids: string[]; scores: number[]; comment_ids: (string | null)[] };

/** The work items' search columns (the migration text_search made them). */
export const WORK_ITEM_SEARCH = { vector: 'w.search_vector', title: 'w.title', texts: ['w.description'], keyNumber: { column: 'w.number', prefix: 'WI' } };

const ORGANIZATION = '$1::uuid';
const ITEMS = { table: 'delivery.work_items', alias: 'w', columns: ['id', 'title', 'description', 'number', 'search_vector'], organization: ORGANIZATION, newest: 'number' };
const COMMENTS = { table: 'delivery.comments', alias: 'c', columns: ['id', 'work_item_id', 'body', 'search_vector'], organization: ORGANIZATION, newest: 'created_at' };
const TIME_FLOOR = "'-infinity'::timestamptz";

interface Statement {
  sql: string;
  params: unknown[];
}

function builder(organizationId: string) {
  const params: unknown[] = [organizationId];
  return { params, param: (value: unknown) => `$${params.push(value)}` };
}

/** The item's own match and its comments', with their scores, each made (and its values added) when first read. */
function matches(search: SearchText, param: (value: unknown) => string, options: { plannedOnce?: boolean } = {}) {
  let own: SearchSql | undefined;
  let comment: SearchSql | undefined;
  return {
    get own() {
      return (own ??= searchSql(search, WORK_ITEM_SEARCH, param, options));
    },
    get comment() {
      return (comment ??= searchSql({ ...search, pattern: null, key: null }, { vector: 'c.search_vector', title: 'c.body' }, param, options));
    },
  };
}

/**
 * The page of `m` (item id, score, comment id, comment text: every candidate), best per item, joined
 * to the live items. The windows are cut after the LIMIT: a description is read for the hits shown.
 */
function pageSql(m: string, search: SearchText, param: (value: unknown) => string, limit: number, after: ScorePosition | undefined): { ctes: string; select: string } {
  return {
    ctes: `m AS (${m}),
         best AS (SELECT DISTINCT ON (id) id, score, comment_id, comment FROM m ORDER BY id, score DESC),
         page AS (SELECT w.id, w.number, w.title, w.status::text AS status, w.description, hits.comment, hits.score, count(*) OVER () AS total
                    FROM best hits JOIN delivery.work_items w ON w.organization_id = $1::uuid AND w.id = hits.id AND ${liveRow('w')}
                   WHERE ${afterScoreSql(after, param)} ORDER BY hits.score DESC, hits.id LIMIT ${param(limit)})`,
    select: `SELECT id, number, title, status, ${excerptSql('description', search, param)} AS description, ${excerptSql('comment', search, param)} AS comment, score, total FROM page`,
  };
}

/**
 * The newest rows of both tables walked, in a statement planned once for any text (Database's
 * `genericPlanSql`, newestWalkCtes): planning it for each text was most of a search's time in the
 * database (docs/decisions.md, "Search"). Its rows: the page ranked from the walks, each table's walk
 * (walkSummarySql), and, when some walk left something (walkRemainder, written again in SQL here:
 * cut, or rare short of the organization's first row), the candidates, for olderSearchSql.
 */
export function walkedSearchSql(organizationId: string, search: SearchText, limit: number, after: ScorePosition | undefined): Statement {
  const { params, param } = builder(organizationId);
  const { own, comment } = matches(search, param, { plannedOnce: true });
  const withComments = !wordless(search);
  const whole = wordless(search);
  const walks = [newestWalkCtes({ ...ITEMS, name: 'items', where: `${liveRow('w')} AND ${own.match}`, floor: '0', limit: SEARCH_CANDIDATES, whole })];
  const summaries = [`SELECT 'work_items' AS table_name, ${walkSummarySql('items', '0')}`];
  let m = `SELECT w.id, ${own.score} AS score, NULL::uuid AS comment_id, NULL::text AS comment FROM items w`;
  if (withComments) {
    walks.push(newestWalkCtes({ ...COMMENTS, name: 'comments', where: comment.match, floor: TIME_FLOOR, limit: SEARCH_CANDIDATES }));
    summaries.push(`SELECT 'comments', ${walkSummarySql('comments', TIME_FLOOR)}`);
    m += ` UNION ALL SELECT c.work_item_id, 0.5 * ${comment.score}, c.id, c.body FROM comments c`;
  }
  const page = pageSql(m, search, param, limit, after);
  const sql = `WITH ${walks.join(',\n    ')},
         ${page.ctes},
         walks AS MATERIALIZED (${summaries.join(' UNION ALL ')})
      SELECT 'hit' AS part, id, number, title, status, description, comment, score, total,
             NULL::text AS table_name, NULL::int AS walked, NULL::text AS edge, NULL::boolean AS cut, NULL::uuid[] AS ids, NULL::float8[] AS scores, NULL::uuid[] AS comment_ids
        FROM (${page.select}) hits
      UNION ALL SELECT 'walk', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, table_name, walked, edge, cut, NULL, NULL, NULL FROM walks${
        whole
          ? ''
          : `
      UNION ALL SELECT 'candidates', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, array_agg(id), array_agg(score), array_agg(comment_id) FROM best
                 HAVING EXISTS (SELECT 1 FROM walks WHERE walks.cut OR (walks.walked < ${RARE_AMONG_NEWEST} AND walks.edge IS NOT NULL))`
      }`;
  return { sql, params };
}

/**
 * The page of the walks' candidates and what the walks left (walkRemainder): the older matches of a
 * table where a full walk found the text rare (olderMatchesSql), everything of one whose walk was cut
 * short (newestMatchesSql). Run unnamed, so that it is planned for the text: the same page as one
 * statement over both parts would give.
 */
export function olderSearchSql(organizationId: string, search: SearchText, rare: readonly TableWalk[], candidates: WalkedCandidates, limit: number, after: ScorePosition | undefined): Statement {
  const { params, param } = builder(organizationId);
  const parts = [
    `SELECT k.id, k.score, k.comment_id, c.body AS comment
       FROM unnest(${param(candidates.ids)}::uuid[], ${param(candidates.scores)}::float8[], ${param(candidates.commentIds)}::uuid[]) AS k(id, score, comment_id)
       LEFT JOIN delivery.comments c ON c.organization_id = $1::uuid AND c.id = k.comment_id`,
  ];
  // Each table's match is written only where it is read: a value no statement reads has no type.
  const match = matches(search, param);
  for (const walk of rare) {
    // A cut walk left everything (newestMatchesSql), a rare one its older matches.
    const all = walkRemainder(walk, search) === 'all';
    const limit = SEARCH_CANDIDATES - walk.walked;
    if (walk.table === 'work_items') {
      const rows = { ...ITEMS, where: `${liveRow('w')} AND ${match.own.match}`, zero: '0', limit };
      const found = all ? newestMatchesSql({ ...rows, floor: '0' }) : olderMatchesSql({ ...rows, edge: `${param(walk.edge)}::int` });
      parts.push(`SELECT w.id, ${match.own.score}, NULL::uuid, NULL::text FROM ${found} w`);
    } else {
      const rows = { ...COMMENTS, where: match.comment.match, zero: "interval '0'", limit };
      const found = all ? newestMatchesSql({ ...rows, floor: TIME_FLOOR }) : olderMatchesSql({ ...rows, edge: `${param(walk.edge)}::timestamptz` });
      parts.push(`SELECT c.work_item_id, 0.5 * ${match.comment.score}, c.id, c.body FROM ${found} c`);
    }
  }
  const page = pageSql(parts.join(' UNION ALL '), search, param, limit, after);
  return { sql: `WITH ${page.ctes} ${page.select} ORDER BY score DESC, id`, params };
}

/**
 * A sentence's search in one statement planned for it (newestMatchesSql): it walks a short way, and
 * its older matches are skipped when its words are all common in a large table (`large`, LargeTables):
 * here, in tables of millions of rows, their GIN lists are the longest.
 */
export function plannedSearchSql(organizationId: string, search: SearchText, large: ReadonlySet<string>, limit: number, after: ScorePosition | undefined): Statement {
  const { params, param } = builder(organizationId);
  const { own, comment } = matches(search, param);
  const terms = large.size ? param(search.terms) : '';
  const sentence = (table: string) => ({ fenced: true, ...(large.has(table) ? { walk: SENTENCE_WALK, common: { vector: 'search_vector', terms } } : {}) });
  const ownMatches = newestMatchesSql({ ...ITEMS, where: `${liveRow('w')} AND ${own.match}`, floor: '0', zero: '0', limit: SEARCH_CANDIDATES, ...sentence('work_items') });
  const commentMatches = newestMatchesSql({ ...COMMENTS, where: comment.match, floor: TIME_FLOOR, zero: "interval '0'", limit: SEARCH_CANDIDATES, ...sentence('comments') });
  const commentHits = search.tsquery ? ` UNION ALL SELECT c.work_item_id, 0.5 * ${comment.score}, c.id, c.body FROM ${commentMatches} c` : '';
  // Ranked among the newest SEARCH_CANDIDATES matches (and as many comments), read in slices that keep a rare
  // word from walking the organization and a common one from reading all its matches (newestMatchesSql).
  const page = pageSql(`SELECT w.id, ${own.score} AS score, NULL::uuid AS comment_id, NULL::text AS comment FROM ${ownMatches} w${commentHits}`, search, param, limit, after);
  return { sql: `WITH ${page.ctes} ${page.select} ORDER BY score DESC, id`, params };
}
