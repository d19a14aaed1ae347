import type { PGlite } from '@electric-sql/pglite';
import { loadPglite, templateBlob } from './pglite.database';
import { largeTablesSql } from './large-tables';
import { LARGE_TABLE_ROWS, MIN_CANDIDATES_PER_KIND, NEWEST_WALK, RARE_AMONG_NEWEST, SEARCH_CANDIDATES, SENTENCE_WALK, afterScoreSql, candidatesPerKind, excerptSql, newestMatchesSql, newestWalkCtes, normalizeSearch, olderMatchesSql, searchSnippet, searchSql, walkRemainder, walkSummarySql } from './text-search';

describe('normalizeSearch', () => {
  it('collapses white space, drops control characters and keeps letters and digits as words', () => {
    const s = normalizeSearch('  Checkout\u0000  \t fails\u200b on\nSafari  ');
    expect(s.text).toBe('Checkout fails on Safari');
    expect(s.tsquery).toBe('checkout & fails & on & safari');
    expect(s.pattern).toBe('%Checkout fails on Safari%');
    expect(s.key).toBeNull();
  });

  it('never lets tsquery syntax or LIKE wildcards through', () => {
    const s = normalizeSearch(`50% off_sale \\ 'quote' "dq" a&b|!c:* (x)`);
    expect(s.tsquery).toBe('50 & off & sale & quote & dq & a & b & c & x');
    expect(s.pattern).toBe(`%50\\% off\\_sale \\\\ 'quote' "dq" a&b|!c:* (x)%`);
    expect(normalizeSearch('%%%').tsquery).toBe('');
    expect(normalizeSearch('__proto__ constructor').tsquery).toBe('proto & constructor:*');
  });

  it('matches the last word as a prefix in a query of one or two words, and a longer one word by word', () => {
    expect(normalizeSearch('onboard').tsquery).toBe('onboard:*');
    expect(normalizeSearch('invoice exp').tsquery).toBe('invoice & exp:*');
    expect(normalizeSearch('the onboarding checklist kept timing out').tsquery).toBe('the & onboarding & checklist & kept & timing & out');
  });

  it('reads keys in any case and bounds length and word count', () => {
    expect(normalizeSearch(' wi-42 ').key).toEqual({ prefix: 'WI', number: 42 });
    expect(normalizeSearch('WI-42 x').key).toBeNull();
    const long = normalizeSearch('word '.repeat(500));
    expect(long.text.length).toBeLessThanOrEqual(200);
    expect(normalizeSearch(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')).tsquery.split(' & ')).toHaveLength(16);
    expect(normalizeSearch('ab').pattern).toBe('%ab%');
    expect(normalizeSearch(' \u0000 ').pattern).toBeNull();
  });

  it('cuts a snippet around the match', () => {
    const text = `${'lorem '.repeat(60)}the checkout broke ${'ipsum '.repeat(60)}`;
    const snippet = searchSnippet(text, normalizeSearch('checkout'));
    expect(snippet).toContain('checkout');
    expect(snippet?.startsWith('…')).toBe(true);
    expect(searchSnippet(null, normalizeSearch('x'))).toBeNull();
  });
});

describe('searchSql on PGlite with pg_trgm', () => {
  let db: PGlite;
  beforeAll(async () => {
    const { PGlite, extensions } = loadPglite();
    db = new PGlite({ extensions, loadDataDir: templateBlob() });
    await db.exec(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
      CREATE TABLE items (id uuid PRIMARY KEY, number int, title text, description text,
        search_vector tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED);
      CREATE INDEX ON items USING gin (title public.gin_trgm_ops);
      INSERT INTO items VALUES
        ('00000000-0000-0000-0000-000000000001', 1, 'Checkout fails on Safari', 'The payment page hangs'),
        ('00000000-0000-0000-0000-000000000002', 2, 'Improve onboarding', 'Users abandon checkout after the payment step'),
        ('00000000-0000-0000-0000-000000000003', 3, 'Discount 50% off_sale', 'back\\slash and ''quotes'''),
        ('00000000-0000-0000-0000-000000000042', 42, 'Unrelated', 'nothing here');`);
    // initdb in WebAssembly: seconds on a quiet machine, far more on a loaded one.
  }, 180_000);
  afterAll(() => db.close());

  async function search(q: string, after?: { score: number; id: string }): Promise<{ number: number; score: number }[]> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const { match, score } = searchSql(normalizeSearch(q), { vector: 'i.search_vector', title: 'i.title', texts: ['i.description'], keyNumber: { column: 'i.number', prefix: 'WI' } }, param);
    const sql = `SELECT number, score FROM (SELECT i.id, i.number, ${score} AS score FROM items i WHERE ${match}) hits
      WHERE ${afterScoreSql(after, param)} ORDER BY score DESC, id`;
    return (await db.query<{ number: number; score: number }>(sql, params)).rows;
  }

  it('ranks a title match above a description match, with stemming', async () => {
    const hits = await search('checkouts');
    expect(hits.map((h) => h.number)).toEqual([1, 2]);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    expect(hits.every((h) => h.score > 0 && h.score <= 1)).toBe(true);
  });

  it('matches a prefix of the last word, a substring of a title and a key', async () => {
    expect((await search('onboard')).map((h) => h.number)).toEqual([2]);
    expect((await search('heckout fai')).map((h) => h.number)).toEqual([1]);
    expect(await search('wi-42')).toEqual([{ number: 42, score: 1 }]);
  });

  it('treats hostile input as text', async () => {
    expect((await search('50%')).map((h) => h.number)).toEqual([3]);
    expect((await search('f_sale')).map((h) => h.number)).toEqual([3]);
    expect(await search('%%%')).toEqual([]);
    expect((await search('%')).map((h) => h.number)).toEqual([3]);
    expect((await search('\\')).map((h) => h.number)).toEqual([3]);
    expect(await search('_ _')).toEqual([]);
    expect(await search("'); DROP TABLE items; --")).toEqual([]);
    expect((await search('quotes')).map((h) => h.number)).toEqual([3]);
    expect(await search('!&|:*')).toEqual([]);
    expect(await search('x'.repeat(5000))).toEqual([]);
  });

  it('matches a sentence by its words only, ranks a title that holds it first, and asks no value the match does not use', async () => {
    const sentence = normalizeSearch('users abandon checkout');
    expect(sentence.sentence).toBe(true);
    expect(sentence.terms).toEqual(['users', 'abandon', 'checkout']);
    expect((await search('users abandon checkout')).map((h) => h.number)).toEqual([2]);
    // A substring of a title that is not its words: found as a short query, not as a sentence.
    expect((await search('heckout fai')).map((h) => h.number)).toEqual([1]);
    expect(await search('heckout fails on')).toEqual([]);
    expect((await search('checkout fails on safari'))[0]).toEqual({ number: 1, score: expect.any(Number) });
    // Hyphens, versions and dots are read by PostgreSQL's parser on both sides.
    await db.exec(`INSERT INTO items VALUES ('00000000-0000-0000-0000-000000000004', 4, 'Fix e-mail sign-in on iOS 17.2 for tenant zx-0', NULL)`);
    expect((await search('Fix e-mail sign-in on iOS 17.2 for tenant zx-0')).map((h) => h.number)).toEqual([4]);
    expect((await search('sign-in iOS 17.2')).map((h) => h.number)).toEqual([4]);
    await db.exec(`DELETE FROM items WHERE number = 4`);
    const params: unknown[] = [];
    const { match } = searchSql(sentence, { vector: 'i.search_vector', title: 'i.title' }, (value) => `$${params.push(value)}`);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM items i WHERE ${match}`, params)).rows).toEqual([{ n: 1 }]);
  });

  it('pages after a score and id', async () => {
    const all = await search('checkout');
    const rest = await search('checkout', { score: all[0].score, id: '00000000-0000-0000-0000-000000000001' });
    expect(rest.map((h) => h.number)).toEqual(all.slice(1).map((h) => h.number));
  });
});

describe('candidatesPerKind', () => {
  it('shares SEARCH_CANDIDATES among the kinds searched together, never below the floor', () => {
    expect(candidatesPerKind(1)).toBe(SEARCH_CANDIDATES);
    expect(candidatesPerKind(2)).toBe(Math.ceil(SEARCH_CANDIDATES / 2));
    expect(candidatesPerKind(8)).toBe(MIN_CANDIDATES_PER_KIND);
    expect(candidatesPerKind(0)).toBe(SEARCH_CANDIDATES);
  });
});

describe('newestMatchesSql on PGlite', () => {
  const ORG = '00000000-0000-4000-8000-00000000000a';
  const OTHER = '00000000-0000-4000-8000-00000000000b';
  const ROWS = NEWEST_WALK + 1000;
  let db: PGlite;
  beforeAll(async () => {
    const { PGlite } = loadPglite();
    db = new PGlite({ loadDataDir: templateBlob() });
    // Every 3rd row says "common", every 40th "sparse", every 500th "seldom", rows 7 and 11 (deleted)
    // "quokka", far older than the walk, two rows in the walk but not among its newest WALK_PROBE
    // "middling"; the other organization has "quokka" in its only row.
    await db.exec(`CREATE TABLE items (organization_id uuid, number int, body text, deleted_at timestamptz,
        v tsvector GENERATED ALWAYS AS (to_tsvector('english', body)) STORED);
      CREATE UNIQUE INDEX ON items (organization_id, number);
      INSERT INTO items (organization_id, number, body)
        SELECT '${ORG}', n, concat_ws(' ', 'item', CASE WHEN n % 3 = 0 THEN 'common' END, CASE WHEN n % 40 = 0 THEN 'sparse' END,
                                      CASE WHEN n IN (7, 11) THEN 'quokka' END, CASE WHEN n % 500 = 0 THEN 'seldom' END,
                                      CASE WHEN n IN (${ROWS - 500}, ${ROWS - 400}) THEN 'middling' END)
          FROM generate_series(1, ${ROWS}) n;
      INSERT INTO items (organization_id, number, body) VALUES ('${OTHER}', 1, 'quokka');
      UPDATE items SET deleted_at = now() WHERE organization_id = '${ORG}' AND number = 11;`);
  }, 180_000);
  afterAll(() => db.close());

  async function newest(word: string, limit = 50): Promise<number[]> {
    const sql = `SELECT number FROM ${newestMatchesSql({
      table: 'items', alias: 'i', columns: ['number'], organization: '$1::uuid',
      where: `i.deleted_at IS NULL AND i.v @@ to_tsquery('english', $2)`,
      newest: 'number', floor: '0', zero: '0', limit,
    })} m ORDER BY number DESC`;
    return (await db.query<{ number: number }>(sql, [ORG, word])).rows.map((row) => row.number);
  }

  it('answers the newest matches of a common word from the walk', async () => {
    const expected = Array.from({ length: 50 }, (_, i) => ROWS - (ROWS % 3) - 3 * i);
    expect(await newest('common')).toEqual(expected);
  });

  it('finds a rare word far older than the walk, in its organization only and without deleted rows', async () => {
    expect(await newest('quokka')).toEqual([7]);
  });

  it('reads the older rows when the walk found fewer than RARE_AMONG_NEWEST, and only then', async () => {
    // "seldom": every 500th row, so NEWEST_WALK / 500 < RARE_AMONG_NEWEST of them in the walk: all are read.
    expect(NEWEST_WALK / 500).toBeLessThan(RARE_AMONG_NEWEST);
    expect(await newest('seldom')).toEqual(Array.from({ length: Math.floor(ROWS / 500) }, (_, i) => Math.floor(ROWS / 500) * 500 - 500 * i));
    // "sparse": every 40th row, enough in the walk, so the answer is the walk's (up to the limit).
    const sparse = await newest('sparse', 500);
    expect(sparse.length).toBe(Math.floor(ROWS / 40) - Math.floor((ROWS - NEWEST_WALK) / 40));
    expect(Math.min(...sparse)).toBeGreaterThan(ROWS - NEWEST_WALK);
  });

  it('reads every row of an organization smaller than the walk', async () => {
    const sql = `SELECT number FROM ${newestMatchesSql({
      table: 'items', alias: 'i', columns: ['number'], organization: '$1::uuid',
      where: `i.v @@ to_tsquery('english', $2)`, newest: 'number', floor: '0', zero: '0', limit: 50,
    })} m`;
    expect((await db.query<{ number: number }>(sql, [OTHER, 'quokka'])).rows).toEqual([{ number: 1 }]);
  });

  describe('split in a walk planned once and older matches planned for the text', () => {
    const rows = { table: 'items', alias: 'i', columns: ['number'], organization: '$1::uuid', newest: 'number' };
    // The query made once per execution, as searchSql's `plannedOnce` writes it.
    const where = `i.deleted_at IS NULL AND i.v @@ (SELECT to_tsquery('english', $2))`;
    const WALK = `WITH ${newestWalkCtes({ ...rows, name: 'walk', where, floor: '0', limit: 50 })}
      SELECT ARRAY(SELECT number FROM walk ORDER BY number DESC) AS numbers, ${walkSummarySql('walk', '0')}`;

    afterEach(() => db.exec('DEALLOCATE ALL; RESET plan_cache_mode'));

    type Walk = { numbers: number[]; walked: number; edge: string | null; cut: boolean };

    /** The walk as a prepared statement with one generic plan, then what it left (walkRemainder), planned for the text. */
    async function split(organization: string, word: string, limit = 50): Promise<Walk> {
      await db.exec('SET plan_cache_mode = force_generic_plan');
      const [walk] = (await db.query<Walk>(WALK, [organization, word])).rows;
      const left = walkRemainder(walk, normalizeSearch(word));
      if (left === 'none') return walk;
      await db.exec('RESET plan_cache_mode');
      const matched = { ...rows, where: `i.deleted_at IS NULL AND i.v @@ to_tsquery('english', $2)`, zero: '0', limit: limit - walk.walked };
      const rest = left === 'all' ? newestMatchesSql({ ...matched, floor: '0' }) : olderMatchesSql({ ...matched, edge: '$3::int' });
      const found = (await db.query<{ number: number }>(`SELECT number FROM ${rest} m ORDER BY number DESC`, left === 'all' ? [organization, word] : [organization, word, walk.edge])).rows;
      return { ...walk, numbers: [...walk.numbers, ...found.map((row) => row.number)] };
    }

    it('gives the answers of the one statement, for common, rare and absent words and a small organization', async () => {
      for (const [organization, word] of [[ORG, 'common'], [ORG, 'sparse'], [ORG, 'seldom'], [ORG, 'middling'], [ORG, 'quokka'], [ORG, 'nowhere'], [OTHER, 'quokka']]) {
        expect({ word, numbers: (await split(organization, word)).numbers }).toEqual({ word, numbers: await newest(word, 50).then((all) => (organization === ORG ? all : [1])) });
      }
    });

    it('says how far the walk went: its matches, its edge (none when it reached the first row), and whether it was cut short', async () => {
      expect(await split(ORG, 'sparse')).toMatchObject({ walked: 25, edge: String(ROWS - NEWEST_WALK), cut: false });
      // No match among the newest WALK_PROBE rows: the walk stops there, and everything is left.
      expect(await split(ORG, 'middling')).toMatchObject({ walked: 0, cut: true, numbers: [ROWS - 400, ROWS - 500] });
      expect(await split(OTHER, 'quokka')).toEqual({ numbers: [1], walked: 1, edge: null, cut: false });
      expect(await split(OTHER, 'nowhere')).toEqual({ numbers: [], walked: 0, edge: null, cut: false });
    });

    it('leaves nothing after the walk of a query of no word, whatever it found', () => {
      const walk = { walked: 0, edge: '1000', cut: true };
      expect(walkRemainder(walk, normalizeSearch('->'))).toBe('none');
      expect(walkRemainder(walk, normalizeSearch('quokka'))).toBe('all');
      expect(walkRemainder({ ...walk, cut: false }, normalizeSearch('quokka'))).toBe('older');
      expect(walkRemainder({ ...walk, cut: false, edge: null }, normalizeSearch('quokka'))).toBe('none');
    });

    it('walks the newest rows under a generic plan, never the text index', async () => {
      // A GIN index on the text: a generic plan prices a match at 0.5 % of the rows, and an unfenced
      // walk would read a common word's whole bitmap from it.
      await db.exec('CREATE INDEX items_text_idx ON items USING gin (v); ANALYZE items');
      await db.exec('SET plan_cache_mode = force_generic_plan');
      await db.query(`PREPARE walk_plan AS ${WALK}`);
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) EXECUTE walk_plan('${ORG}', 'common')`)).rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).not.toMatch(/items_text_idx/);
      // The match filters the walk's rows, above the LIMIT of the newest ones.
      expect(plan).toMatch(/Subquery Scan on i\s+Filter: [^\n]*@@[^\n]*\n(\s+(InitPlan|->\s+Result)[^\n]*\n)*\s+->\s+Limit/);
      expect(await split(ORG, 'common')).toMatchObject({ walked: 50 });
    });
  });
});

describe('newestMatchesSql for a sentence on PGlite', () => {
  const LARGE = '00000000-0000-4000-8000-0000000000c1';
  const SMALL = '00000000-0000-4000-8000-0000000000c2';
  const ROWS = LARGE_TABLE_ROWS + 2000;
  let db: PGlite;
  beforeAll(async () => {
    const { PGlite } = loadPglite();
    db = new PGlite({ loadDataDir: templateBlob() });
    // Five common words (every 2nd, 3rd, 5th, 7th and 11th row), all five together every 2,310th row;
    // "quokka" in rows 7 and 4620. The small organization has the same texts in 3,000 rows.
    await db.exec(`CREATE TABLE docs (organization_id uuid, number int, body text,
        v tsvector GENERATED ALWAYS AS (to_tsvector('english', body)) STORED);
      CREATE UNIQUE INDEX ON docs (organization_id, number);
      INSERT INTO docs (organization_id, number, body)
        SELECT o.id, n, concat_ws(' ', 'doc', CASE WHEN n % 2 = 0 THEN 'red' END, CASE WHEN n % 3 = 0 THEN 'green' END,
                                  CASE WHEN n % 5 = 0 THEN 'blue' END, CASE WHEN n % 7 = 0 THEN 'cyan' END,
                                  CASE WHEN n % 11 = 0 THEN 'pink' END, CASE WHEN n IN (7, 4620) THEN 'quokka' END)
          FROM (VALUES ('${LARGE}'::uuid, ${ROWS}), ('${SMALL}'::uuid, 3000)) AS o(id, rows), generate_series(1, o.rows) n;
      ANALYZE docs;`);
  }, 180_000);
  afterAll(() => db.close());

  async function newest(organization: string, q: string, options: { fenced: boolean; common: boolean; atOnce?: boolean; walk?: number }): Promise<number[]> {
    const search = normalizeSearch(q);
    const sql = `SELECT number FROM ${newestMatchesSql({
      table: 'docs', alias: 'd', columns: ['number'], organization: '$1::uuid', where: `d.v @@ to_tsquery('english', $2)`, walk: options.walk,
      newest: 'number', floor: '0', zero: '0', limit: 50, fenced: options.fenced, common: options.common ? { vector: 'v', terms: '$3' } : undefined, atOnce: options.atOnce,
    })} m ORDER BY number DESC`;
    const params = options.common ? [organization, search.tsquery, search.terms] : [organization, search.tsquery];
    return (await db.query<{ number: number }>(sql, params)).rows.map((row) => row.number);
  }

  /** What a repository passes as `common`: the gate, for a table LargeTables names large. */
  async function isLarge(organization: string): Promise<boolean> {
    const sql = largeTablesSql([{ name: 'docs', table: 'docs', indexed: 'number' }]);
    return (await db.query<{ large: string[] }>(sql, [organization])).rows[0].large.includes('docs');
  }

  it('walks the same newest matches fenced as unfenced', async () => {
    for (const q of ['red green blue', 'green blue cyan pink', 'red quokka green']) {
      expect(await newest(LARGE, q, { fenced: true, common: false })).toEqual(await newest(LARGE, q, { fenced: false, common: false }));
    }
    expect(await newest(LARGE, 'red green blue', { fenced: true, common: false })).toHaveLength(Math.floor(ROWS / 30) - Math.floor((ROWS - NEWEST_WALK) / 30));
  });

  it('names a table large past LARGE_TABLE_ROWS of the organization\'s rows, and only then', async () => {
    expect(await isLarge(LARGE)).toBe(true);
    expect(await isLarge(SMALL)).toBe(false);
    const [none] = (await db.query<{ large: string[] }>(largeTablesSql([{ name: 'docs', table: 'docs', indexed: 'number' }]), ['00000000-0000-4000-8000-0000000000c3'])).rows;
    expect(none.large).toEqual([]);
  });

  it('skips the older matches of a sentence of common words in a large table, and only there', async () => {
    const all = Array.from({ length: Math.floor(ROWS / 2310) }, (_, i) => Math.floor(ROWS / 2310) * 2310 - 2310 * i);
    expect(await newest(LARGE, 'red green blue cyan pink', { fenced: true, common: false })).toEqual(all);
    // Among the newest NEWEST_WALK rows it matches fewer than RARE_AMONG_NEWEST times: the walk's alone.
    expect(await newest(LARGE, 'red green blue cyan pink', { fenced: true, common: await isLarge(LARGE) })).toEqual(all.filter((n) => n > ROWS - NEWEST_WALK));
    expect(await newest(LARGE, 'red green blue cyan pink', { fenced: true, common: true, walk: SENTENCE_WALK })).toEqual(all.filter((n) => n > ROWS - SENTENCE_WALK));
    expect(await newest(SMALL, 'red green blue cyan pink', { fenced: true, common: await isLarge(SMALL) })).toEqual([2310]);
  });

  it('reads the matches of a sentence at once, newest first, when asked', async () => {
    const all = Array.from({ length: Math.floor(ROWS / 2310) }, (_, i) => Math.floor(ROWS / 2310) * 2310 - 2310 * i);
    expect(await newest(LARGE, 'red green blue cyan pink', { fenced: false, common: false, atOnce: true })).toEqual(all);
    expect(await newest(LARGE, 'red green blue', { fenced: false, common: false, atOnce: true })).toEqual(Array.from({ length: 50 }, (_, i) => Math.floor(ROWS / 30) * 30 - 30 * i));
  });

  it('reads the older matches of a sentence with one rare word', async () => {
    expect(await newest(LARGE, 'red green blue quokka', { fenced: true, common: true })).toEqual([4620]);
    expect(await newest(LARGE, 'the cyan quokka', { fenced: true, common: true })).toEqual([4620, 7]);
  });
});

describe('excerptSql on PGlite', () => {
  let db: PGlite;
  beforeAll(async () => {
    const { PGlite } = loadPglite();
    db = new PGlite({ loadDataDir: templateBlob() });
  });
  afterAll(() => db.close());

  async function excerpt(text: string, q: string, width: number): Promise<string> {
    const params: unknown[] = [text];
    const sql = `SELECT ${excerptSql('$1::text', normalizeSearch(q), (value) => `$${params.push(value)}`, width)} AS cut`;
    return (await db.query<{ cut: string }>(sql, params)).rows[0].cut;
  }

  it('cuts the window around the first word, an ASCII one in any case after any text, and the start when it is absent', async () => {
    const before = 'é'.repeat(30);
    expect(await excerpt(`${before} Ünïcode then CHECKOUT fails`, 'checkout fails', 20)).toBe('code then CHECKOUT f');
    expect(await excerpt(`${before} then école opens`, 'école opens', 10)).toBe('then école');
    expect(await excerpt('nothing here', 'checkout', 8)).toBe('nothing ');
  });
});
