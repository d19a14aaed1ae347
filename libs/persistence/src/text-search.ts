import { escapeLike } from './like-pattern';

/**
 * The one text search of the service (docs/decisions.md, "Search"): full-text `tsvector` columns
 * ranked by `ts_rank_cd`, plus `pg_trgm`-indexed ILIKE on titles for substrings, plus exact keys.
 * Every place that searches (work-item and portal `q`, strategy search, MCP `search`,
 * GET /search) builds its condition and score here, so they match and rank alike.
 */

/** The text search configuration of every search column and query (stemmed English; PGlite ships it). */
export const SEARCH_CONFIG = 'english';

/** Longest query searched (characters, after cleaning). */
export const SEARCH_MAX_LENGTH = 200;

/** Words of a query that take part (the rest are dropped: a 40-word query is a paste, not a search). */
const MAX_WORDS = 16;

/**
 * Queries of up to this many words match their last word as a prefix (`onboard` finds onboarding,
 * as one types). A longer query is a sentence pasted whole, and its words match whole: in a GIN index
 * a prefix collects every row of every word it starts, and a transcript's last word of a quarter of
 * the rows cost 60 ms per evaluation at 1,000,000 items, where the whole words took 2 ms.
 */
const PREFIX_UP_TO_WORDS = 2;

/** Shortest text matched as a substring of a title: shorter ones give pg_trgm no trigram to look up. */
export const SUBSTRING_MIN_LENGTH = 3;

/**
 * Matches of one table a ranked search scores at most (the newest where the table has an order):
 * ranking every match of a common word reads every matching row (docs/benchmarks.md, "Search engine").
 * 200, not 500: ranking and joining 1,000 candidates of two tables was half of a common word's
 * 45 ms at 1,000,000 items (docs/benchmarks.md, "Scale").
 */
export const SEARCH_CANDIDATES = 200;

/**
 * Candidates per kind when one statement searches several kinds: the page is the best of all of them.
 * 25, not 50: the eight strategy kinds' walks for 400 candidates were 9 of a common text's 14 ms in
 * the database at 1,000,000 items (docs/benchmarks.md, "Scale"); 200 in all are still four times
 * the largest page (MAX_SEARCH_PAGE).
 */
export const MIN_CANDIDATES_PER_KIND = 25;

/**
 * Matches each kind of a search over `kinds` kinds scores at most: SEARCH_CANDIDATES shared among them,
 * at least MIN_CANDIDATES_PER_KIND. Eight strategy kinds of 200 candidates each walked and ranked up to
 * 1,600 rows for a page of 20 (88 ms for a two-word search at 1,000,000 items, docs/benchmarks.md "Scale").
 */
export function candidatesPerKind(kinds: number): number {
  return Math.max(MIN_CANDIDATES_PER_KIND, Math.ceil(SEARCH_CANDIDATES / Math.max(1, kinds)));
}

/**
 * Rows of an organization a search walks newest first (newestMatchesSql): a word in a fifth of the
 * rows fills SEARCH_CANDIDATES within them. Each row walked is a heap read and a tsvector match
 * (2–3.5 µs): 4,000 rows of items and 4,000 of comments were 30 ms of a two-word search, and 2,000
 * of each still 10 of a GET /search's 15 ms in the database at 1,000,000 items (docs/benchmarks.md,
 * "Scale"), for a text in a tenth of the rows, which stops only at the walk's end.
 */
export const NEWEST_WALK = 1000;

/**
 * Matches among the newest NEWEST_WALK rows below which a text counts as rare (0.5 %): its matches
 * are then read as a bitmap, at most about 0.5 % of the organization's rows.
 */
export const RARE_AMONG_NEWEST = 5;

/**
 * Older matches read at most, in no order, when the newest rows had few: a text common in old rows
 * but absent from the newest (an old product's name, or the newest rows written by an import) would
 * otherwise read every one of its matches (1.2 s for a word in a quarter of 1,000,000 items). Past
 * the cap the candidates are some of its matches, not the newest.
 */
export const OLDER_MATCHES = 2000;

export interface SearchText {
  /** The query cleaned: control characters gone, white space collapsed, at most SEARCH_MAX_LENGTH. */
  text: string;
  /** Operand of `to_tsquery(SEARCH_CONFIG, …)`: the words AND-ed, the last one also as a prefix in a short query; '' without words. */
  tsquery: string;
  /** The same words one by one, each an operand of `to_tsquery` (`exp:*` for a prefix): how common each is (newestMatchesSql). */
  terms: string[];
  /** More than PREFIX_UP_TO_WORDS words: a sentence pasted, matched by its words only (the title substring only ranks it). */
  sentence: boolean;
  /** ILIKE operand matching the text anywhere; null for an empty text. */
  pattern: string | null;
  /** `WI-42`, `okr-7`: the key's prefix (upper case) and number, matched exactly. */
  key: { prefix: string; number: number } | null;
}

/**
 * A client's query as the engine searches it. Words are runs of letters and digits, so nothing a
 * client types reaches tsquery syntax (`&`, `|`, `!`, `:`, quotes); `%`, `_` and `\` are escaped
 * for ILIKE.
 */
export function normalizeSearch(q: string): SearchText {
  const text = q
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();
  const words = [...new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.slice(0, 64)))].slice(0, MAX_WORDS);
  const prefixed = words.length <= PREFIX_UP_TO_WORDS ? words.length - 1 : -1;
  const terms = words.map((word, i) => (i === prefixed ? `${word}:*` : word));
  const key = /^([a-z]{1,8})-(\d{1,9})$/i.exec(text);
  return {
    text,
    tsquery: terms.join(' & '),
    terms,
    sentence: words.length > PREFIX_UP_TO_WORDS,
    pattern: text ? `%${escapeLike(text)}%` : null,
    key: key ? { prefix: key[1].toUpperCase(), number: Number(key[2]) } : null,
  };
}

/** Columns of one searched table, as SQL expressions (qualified by the caller's alias). */
export interface SearchColumns {
  /** The table's stored `tsvector` (title weighted A, texts B/C). */
  vector: string;
  /** The title, trigram-indexed. */
  title: string;
  /** Texts matched as substrings (not indexed) when the query has no word at all (`%`, `->`). */
  texts?: string[];
  /** The key number column, when the kind has keys with this prefix. */
  keyNumber?: {
    column: string;
    prefix: string;
  };
}

export interface SearchSql {
  /** The WHERE condition: a word match, a title substring, or the key. */
  match: string;
  /** The score in 0..1, the same formula in every service, so hits of different services merge by it. */
  score: string;
}

/**
 * Condition and score of a search over one table. `param` adds a value and answers its `$n`.
 * `plannedOnce`: for a statement planned once for any text (newestWalkCtes), not for its own.
 * Score: 1 for the exact key; otherwise 0.75 × ts_rank_cd normalised to 0..1 (flag 32: rank/(rank+1))
 * plus 0.25 when the title contains the text, rounded to 6 places so a cursor can carry it exactly.
 */
export function searchSql(search: SearchText, columns: SearchColumns, param: (value: unknown) => string, options: { plannedOnce?: boolean } = {}): SearchSql {
  const matches: string[] = [];
  // Parts of the score, written when the score is asked for: a sentence's title substring is a value
  // of the score only, and a caller that takes the match alone must not be handed an unused `$n`.
  const parts: (() => string)[] = [];
  if (search.tsquery) {
    // A sentence is parsed by PostgreSQL's own parser, as the texts were: `e-mail`, `17.2` or
    // `v2-beta` are then the same lexemes on both sides (split into words here, `17.2` would be
    // `17 & 2`, which no text holds); its substring no longer stands in for a mismatch.
    const made = search.sentence
      ? `plainto_tsquery('${SEARCH_CONFIG}', ${param(search.text)}::text)`
      : `to_tsquery('${SEARCH_CONFIG}', ${param(search.tsquery)}::text)`;
    // In a plan made for any text (plannedOnce) the query is a parameter's value, which PostgreSQL would
    // parse again for every row it matches and ranks; a scalar subquery is made once per execution.
    const tsquery = options.plannedOnce ? `(SELECT ${made})` : made;
    matches.push(`${columns.vector} @@ ${tsquery}`);
    parts.push(() => `0.75 * ts_rank_cd(${columns.vector}, ${tsquery}, 32)`);
  }
  // A title substring from SUBSTRING_MIN_LENGTH characters on (pg_trgm has trigrams to look up); a query
  // of no word at all is rare and short, and is matched as a substring of the title and texts unindexed.
  // A sentence's substring only ranks: a title that holds it holds its words, and the trigram index
  // intersects every trigram of it (70 ms for eleven words at 1,000,000 items, docs/benchmarks.md "Scale").
  const wordless = !search.tsquery;
  if (search.pattern && (wordless || search.text.length >= SUBSTRING_MIN_LENGTH)) {
    const value = search.pattern;
    let written: string | undefined;
    const pattern = () => (written ??= param(value));
    if (!search.sentence) matches.push(`${columns.title} ILIKE ${pattern()}`);
    if (wordless) for (const text of columns.texts ?? []) matches.push(`${text} ILIKE ${pattern()}`);
    parts.push(() => `CASE WHEN ${columns.title} ILIKE ${pattern()} THEN 0.25 ELSE ${wordless ? '0.1' : '0'} END`);
  }
  let keyCase = '';
  if (search.key && columns.keyNumber && search.key.prefix === columns.keyNumber.prefix) {
    const number = param(search.key.number);
    const key = `${columns.keyNumber.column} = ${number}::int`;
    matches.push(key);
    keyCase = `WHEN ${columns.keyNumber.column} = ${number}::int THEN 1 `;
  }
  if (!matches.length) return { match: 'false', score: '0::float8' };
  let score: string | undefined;
  return {
    match: `(${matches.join(' OR ')})`,
    get score() {
      if (score === undefined) {
        const sum = parts.length ? parts.map((part) => part()).join(' + ') : '0';
        score = keyCase ? `(CASE ${keyCase}ELSE round((${sum})::numeric, 6) END)::float8` : `round((${sum})::numeric, 6)::float8`;
      }
      return score;
    },
  };
}

/** Where the next page of a ranked search starts: after this score and id (score descending, id ascending). */
export interface ScorePosition {
  score: number;
  id: string;
}

/** The condition of the rows after `after`, on a subquery's `score` and `id` columns. */
export function afterScoreSql(after: ScorePosition | undefined, param: (value: unknown) => string, alias = 'hits'): string {
  if (!after) return 'true';
  const score = param(after.score);
  return `(${alias}.score < ${score}::float8 OR (${alias}.score = ${score}::float8 AND ${alias}.id > ${param(after.id)}::uuid))`;
}

/** One line of the text around the first word that matches (or its start), at most `width` characters. */
export function searchSnippet(text: string | null | undefined, search: SearchText, width = 160): string | null {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  let at = lower.indexOf(search.text.toLowerCase());
  if (at < 0) {
    const words = search.tsquery.match(/[\p{L}\p{N}]+/gu) ?? [];
    at = words.map((word) => lower.indexOf(word)).filter((i) => i >= 0).sort((a, b) => a - b)[0] ?? -1;
  }
  const start = at > width / 2 ? at - width / 2 : 0;
  const cut = flat.slice(start, start + width);
  return `${start > 0 ? '…' : ''}${cut}${start + width < flat.length ? '…' : ''}`;
}

/**
 * SQL for a window of `column` around the first occurrence of the query's first word (its start when
 * absent), so a long transcript never travels whole for a one-line snippet. Run it after the LIMIT.
 * An ASCII word is looked for in the text lowered as ASCII (collation "C"): the database's own
 * lowering maps every character through the locale, 5 ms for the 20 transcripts of a page (a third
 * of a strategy search at 1,000,000 items; docs/benchmarks.md, "Scale"), and only ASCII letters can
 * lower to an ASCII word.
 */
export function excerptSql(column: string, search: SearchText, param: (value: unknown) => string, width = 320): string {
  const word = search.tsquery.match(/[\p{L}\p{N}]+/u)?.[0] ?? search.text.toLowerCase();
  const lowered = /^[\x20-\x7e]*$/.test(word) ? `lower(${column} COLLATE "C")` : `lower(${column})`;
  return `substr(${column}, greatest(1, strpos(${lowered}, ${param(word)}::text) - ${Math.floor(width / 2)}), ${width})`;
}

/**
 * The value of `newest` `walk` rows back in the organization (`floor` when it has fewer rows):
 * the lower edge of the newest-first walk. Materialize it, so that PostgreSQL walks the index down to
 * it instead of scanning.
 */
export function newestEdgeSql(table: string, organization: string, newest: string, floor: string, walk = NEWEST_WALK): string {
  return `COALESCE((SELECT e.${newest} FROM ${table} e WHERE e.organization_id = ${organization} ORDER BY e.${newest} DESC OFFSET ${walk} LIMIT 1), ${floor})`;
}

/**
 * Rows of one organization's table above which a sentence's older matches are not read when every
 * one of its words is common (COMMON_WORD): the GIN index then intersects lists of hundreds of
 * thousands of rows (80 ms for the eleven words of a transcript's sentence at 1,000,000 items, 45 ms
 * in their comments; docs/benchmarks.md, "Scale"). Below it the organization's own entry in the index
 * is the shortest list and bounds the work. Which tables pass it is asked apart and kept a while
 * (LargeTables): counting past it in the statement was a third of a sentence's search.
 */
export const LARGE_TABLE_ROWS = 10_000;

/** Share of the organization's newest COMMON_SAMPLE rows from which a word counts as common (2 %). */
export const COMMON_WORD = 0.02;

/** The organization's newest rows a sentence's words are counted in, to tell a common word. */
export const COMMON_SAMPLE = 100;

/**
 * Rows a sentence walks newest first in a table where its older matches may be skipped (`common`):
 * a sentence matches few rows, so a long walk finds little more than a short one and costs a heap
 * read and a match per row (1,000 items and 1,000 comments were 6 of a sentence's 15 ms at
 * 1,000,000 items; docs/benchmarks.md, "Scale").
 */
export const SENTENCE_WALK = 250;

export interface NewestMatches {
  /** The table, qualified (`delivery.work_items`). */
  table: string;
  /** Columns of the answer, unqualified names of the table's columns. */
  columns: string[];
  /** The table's alias in `where`. */
  alias: string;
  /** The rows' condition beside the organization: liveness and the search's match. */
  where: string;
  /** The organization's `$n` (a uuid). */
  organization: string;
  /** The column that orders the rows newest last, indexed after organization_id (`number`, `created_at`). */
  newest: string;
  /** A value below every value of that column (`0`, `'-infinity'::timestamptz`). */
  floor: string;
  /** What adds nothing to the column's value, so that an ORDER BY on the sum cannot walk its index (`0`, `interval '0'`). */
  zero: string;
  /** Matches read at most. */
  limit: number;
  /** Rows walked newest first (NEWEST_WALK; fewer where each row's vector is large, as a transcript's). */
  walk?: number;
  /** Walk the newest rows whatever PostgreSQL estimates (for a sentence: SearchText's `sentence`). */
  fenced?: boolean;
  /**
   * Read the matches at once (a bitmap, OLDER_MATCHES at most) and keep the newest, without a walk: for
   * a sentence in a table that stays small per organization (tens of thousands of rows), whose
   * matches are few and whose bitmap the two parts would build twice.
   */
  atOnce?: boolean;
  /**
   * The table's tsvector column (unqualified) and the `$n` of the sentence's words one by one
   * (SearchText's `terms`, a text[]), given for a table of more than LARGE_TABLE_ROWS of the
   * organization's rows (LargeTables): the older part is then skipped when every word is common
   * (sentenceIsCommonSql).
   */
  common?: { vector: string; terms: string };
}

/**
 * Whether a sentence's older matches would be costly to read in a large table: every word of the
 * sentence (stop words aside) is in at least COMMON_WORD of the organization's newest COMMON_SAMPLE
 * rows. Evaluated only when the walk found too few matches, in one read of the sample (its vectors
 * stripped, so each is read from TOAST once, not once per word) against each word's tsquery, made
 * once (the fence keeps PostgreSQL from making it again for each row of the sample: 1.5 of the
 * test's 2.5 ms).
 */
function sentenceIsCommonSql(input: NewestMatches): string {
  const { table, alias: t, organization, newest, common } = input;
  if (!common) return 'false';
  const sample = `(SELECT strip(${t}.${common.vector}) AS v FROM ${table} ${t} WHERE ${t}.organization_id = ${organization} ORDER BY ${t}.${newest} DESC LIMIT ${COMMON_SAMPLE})`;
  const words = `(SELECT term.word, to_tsquery('${SEARCH_CONFIG}', term.word) AS q FROM unnest(${common.terms}::text[]) AS term(word) OFFSET 0)`;
  return `((SELECT COALESCE(min(c.n), 0) FROM (SELECT count(*) FILTER (WHERE sample.v @@ term.q) AS n
                                              FROM ${sample} sample, ${words} term
                                             WHERE numnode(term.q) > 0 GROUP BY term.word) c) >= ${Math.ceil(COMMON_SAMPLE * COMMON_WORD)})`;
}

/**
 * A subquery of the newest `limit` rows matching `where`, whose cost stays bounded for rare and
 * common texts alike. PostgreSQL cannot tell a rare word from a common one in a prefix match (it
 * prices every `word:*` at 0.5 % of the rows when its vocabulary's words are all frequent), so
 * `ORDER BY newest DESC LIMIT n` walks the whole organization's index for a rare word (2.2 s at
 * 1,000,000 items) while a bitmap of its matches takes a millisecond; a common word needs the
 * walk, since its bitmap is a quarter of the table (docs/benchmarks.md, "Search engine"). So: walk
 * the newest `walk` rows (NEWEST_WALK), up to `limit` matches (a common word fills the answer
 * there, a word of a few per cent gives dozens to hundreds); only when fewer than RARE_AMONG_NEWEST
 * matched, read the older rows' matches as a bitmap and keep the newest (a one-time filter), which
 * for such a text are few (at most OLDER_MATCHES of them are read). The older part adds `zero` to the
 * column in its bound, so that PostgreSQL can neither walk the index nor scan it as a range.
 *
 * A sentence's walk is fenced (a subquery with a LIMIT, which PostgreSQL neither flattens nor filters
 * inside): it prices many words AND-ed as rare together and would build their GIN bitmap for the walk
 * and again for the older part, each as costly as the words are common (150 ms each for a transcript's
 * sentence at 1,000,000 items). Its older part is skipped where that bitmap would intersect long lists
 * (sentenceIsCommonSql). A text of a few per cent is thus ranked among its matches in the newest rows.
 * The shapes rest on the text's own estimate: a statement with `to_tsquery(` is never named, so it is
 * planned for its text on every call (statementName).
 */
export function newestMatchesSql(input: NewestMatches): string {
  const { table, alias: t, where, organization, newest, floor, zero, limit } = input;
  const walk = input.walk ?? NEWEST_WALK;
  const list = input.columns.map((column) => `${t}.${column}`).join(', ');
  const names = input.columns.join(', ');
  if (input.atOnce) return `(${olderSql(input, 'true')} ORDER BY newest_value DESC LIMIT ${limit})`;
  // Fenced for a sentence: the subquery's LIMIT keeps its words' match out of the index scan.
  const walked = input.fenced
    ? fencedWalkSql(input, '(SELECT walk FROM edge)', walk)
    : `SELECT ${list} FROM ${table} ${t} WHERE ${t}.organization_id = ${organization} AND ${where} AND ${t}.${newest} > (SELECT walk FROM edge)
                                 ORDER BY ${t}.${newest} DESC LIMIT ${limit}`;
  return `(WITH edge AS MATERIALIZED (SELECT ${newestEdgeSql(table, organization, newest, floor, walk)} AS walk),
        walked AS MATERIALIZED (${walked})
      SELECT ${names} FROM walked
      UNION ALL (${olderSql(input, `(SELECT count(*) FROM walked) < ${RARE_AMONG_NEWEST} AND NOT ${sentenceIsCommonSql(input)} AND ${t}.${newest} + ${zero} <= (SELECT walk FROM edge)`)}
                  ORDER BY newest_value DESC LIMIT greatest(0, ${limit} - (SELECT count(*) FROM walked))))`;
}

type MatchedRows = Pick<NewestMatches, 'table' | 'alias' | 'columns' | 'where' | 'organization' | 'newest' | 'limit'>;

/** The newest `limit` matches among the newest `walk` rows (a number, or SQL of one) above `edge` (SQL), the match outside the walk's LIMIT. */
function fencedWalkSql(input: MatchedRows, edge: string, walk: number | string): string {
  const { table, alias: t, where, organization, newest, limit } = input;
  return `SELECT ${input.columns.join(', ')} FROM (SELECT ${t}.* FROM ${table} ${t} WHERE ${t}.organization_id = ${organization} AND ${t}.${newest} > ${edge}
                                                 ORDER BY ${t}.${newest} DESC LIMIT ${walk}) ${t}
                            WHERE ${where} ORDER BY ${t}.${newest} DESC LIMIT ${limit}`;
}

/** Matches under `condition` in no order, OLDER_MATCHES at most, with the column's value as `newest_value` (the caller orders by it). */
function olderSql(input: MatchedRows & Pick<NewestMatches, 'zero'>, condition: string): string {
  const { table, alias: t, where, organization, newest, zero } = input;
  return `SELECT ${input.columns.join(', ')} FROM (SELECT ${input.columns.map((column) => `${t}.${column}`).join(', ')}, ${t}.${newest} + ${zero} AS newest_value FROM ${table} ${t}
                                        WHERE ${t}.organization_id = ${organization} AND ${where}
                                          AND ${condition} LIMIT ${OLDER_MATCHES}) older`;
}

/**
 * Rows a walk planned once reads before it goes on (newestWalkCtes; a fifth of a shorter walk): with
 * no match among them, a text is most likely rare, and is searched by a statement planned for it
 * instead of reading the rest of the walk (2–3.5 µs a row, NEWEST_WALK rows in each searched table,
 * ~40 µs a transcript).
 */
export const WALK_PROBE = 100;

export interface NewestWalk extends MatchedRows, Pick<NewestMatches, 'floor' | 'walk'> {
  /** The CTEs' name, unique in the statement: `<name>` holds the matches, `<name>_edge` and `<name>_probe` how far it went. */
  name: string;
  /** Walk the whole walk, never cut short (a query of no word: nothing is read past the walk, walkRemainder). */
  whole?: boolean;
}

/**
 * newestMatchesSql's walk alone, as CTEs of a statement planned once for any text (Database's
 * `genericPlanSql`): `<name>_edge`, the value of the column `walk` rows back; `<name>_probe`, whether
 * the walk goes on: the organization has no more than `walk` rows, or one of its newest WALK_PROBE
 * rows (a fifth of a shorter walk) matches; `<name>`, the newest `limit` matches above the edge, none when the walk is cut. The
 * walk is fenced (fencedWalkSql): a generic plan prices a match at 0.5 % of the rows and, unfenced,
 * read a common word's GIN bitmap instead of the newest rows (4.8 s for `invoice export` at 1,000,000
 * items; docs/decisions.md, "Search"). What the walk leaves (walkSummarySql) is read apart, planned
 * for the text: a text rare in a full walk, its older matches (olderMatchesSql); a cut walk, the whole
 * of newestMatchesSql.
 */
export function newestWalkCtes(input: NewestWalk): string {
  const { name, table, alias: t, where, organization, newest, floor } = input;
  const walk = input.walk ?? NEWEST_WALK;
  const edge = `(SELECT walk FROM ${name}_edge)`;
  // A short walk (of rows whose vectors are large, as transcripts) probes a fifth of itself.
  const probeRows = Math.min(WALK_PROBE, Math.ceil(walk / 5));
  // `found`: the walk reads the organization whole (its edge is the floor), or one of its newest
  // WALK_PROBE rows matches; else the walk is cut there, reading nothing more.
  const probe = input.whole
    ? `${name}_probe AS MATERIALIZED (SELECT true AS found)`
    : `${name}_probe AS MATERIALIZED (SELECT ${edge} = ${floor} OR EXISTS (SELECT 1 FROM (SELECT ${t}.* FROM ${table} ${t} WHERE ${t}.organization_id = ${organization} AND ${t}.${newest} > ${edge}
                                                             ORDER BY ${t}.${newest} DESC LIMIT ${probeRows}) ${t} WHERE ${where}) AS found)`;
  const length = `CASE WHEN (SELECT found FROM ${name}_probe) THEN ${walk} ELSE 0 END`;
  return `${name}_edge AS MATERIALIZED (SELECT ${newestEdgeSql(table, organization, newest, floor, walk)} AS walk),
    ${probe},
    ${name} AS MATERIALIZED (${fencedWalkSql(input, edge, length)})`;
}

/**
 * What a walk of newestWalkCtes found, as three columns: `walked`, its matches; `edge`, its lower edge
 * as text, NULL when the walk reached the organization's first row (no older matches to read); `cut`,
 * whether it was cut: none of the probed newest rows of an organization larger than the walk matched.
 */
export function walkSummarySql(name: string, floor: string): string {
  return `(SELECT count(*) FROM ${name})::int AS walked, (SELECT NULLIF(walk, ${floor}) FROM ${name}_edge)::text AS edge,
    (SELECT NOT found FROM ${name}_probe) AS cut`;
}

/**
 * A query of no word at all (`%`, `->`): its text is matched as a substring of titles and texts,
 * which no index serves (pg_trgm has no trigram of punctuation), so it is searched among the newest
 * rows of each table only (a whole walk, NEWEST_WALK rows), never the rest: read whole, a 1,000,000-item
 * organization kept PostgreSQL busy past the gateway's 10 s timeout (docs/decisions.md, "Search").
 */
export function wordless(search: SearchText): boolean {
  return !search.tsquery;
}

/**
 * What a walk of newestWalkCtes left to a statement planned for the text: nothing, its older matches,
 * or everything. Nothing for a query of no word (wordless): its walk was whole and is all it reads.
 */
export function walkRemainder(walk: { walked: number; edge: string | null; cut: boolean }, search: SearchText): 'none' | 'older' | 'all' {
  if (wordless(search)) return 'none';
  if (walk.cut) return 'all';
  return walk.edge !== null && walk.walked < RARE_AMONG_NEWEST ? 'older' : 'none';
}

export interface OlderMatches extends MatchedRows, Pick<NewestMatches, 'zero'> {
  /** SQL of the walk's lower edge (walkSummarySql's `edge` as a parameter, cast to the column's type). */
  edge: string;
}

/**
 * The newest `limit` matches at or below a walk's edge (newestWalkCtes), read as newestMatchesSql's
 * older part: OLDER_MATCHES at most, in no order, then the newest of them. For a text that matched
 * fewer than RARE_AMONG_NEWEST rows of the walk; run unnamed, so that it is planned for its text.
 */
export function olderMatchesSql(input: OlderMatches): string {
  const { alias: t, newest, zero, limit } = input;
  return `(${olderSql(input, `${t}.${newest} + ${zero} <= ${input.edge}`)} ORDER BY newest_value DESC LIMIT ${limit})`;
}
