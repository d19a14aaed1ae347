import { STRATEGY_SEARCH_TYPES } from '@pds/contracts';
import { Database, NEWEST_WALK, applyMigrations, normalizeSearch, openPglite } from '@pds/persistence';
import { countedStatements } from '@pds/persistence/testing';
import { randomUUID } from 'node:crypto';
import { SearchRow, StrategySearchRepository } from './strategy-search.repository';

/**
 * The strategy search on a real database, in an organization larger than a walk: words are walked in
 * a statement planned once, and only the kinds where a text is rare read their older matches.
 */
describe('StrategySearchRepository (PGlite)', () => {
  let db: Database;
  let repository: StrategySearchRepository;
  let counted: ReturnType<typeof countedStatements>;
  const large = randomUUID();
  const small = randomUUID();
  const OPPORTUNITIES = NEWEST_WALK + 200;

  const search = async (organization: string, q: string, after?: { score: number; id: string }, limit = 20): Promise<SearchRow[]> => {
    counted.reset();
    return repository.search(organization, normalizeSearch(q), STRATEGY_SEARCH_TYPES, limit, after);
  };

  beforeAll(async () => {
    db = await openPglite();
    await applyMigrations(db, ['strategy']);
    // Opportunity n was created n minutes after the first; every third says "common", numbers 5 and 9
    // (old: far below the newest NEWEST_WALK) say "quokka", and number 9 is in the trash. One new
    // insight says "quokka" too; the small organization has "quokka" in its only opportunity.
    await db.sql.query(
      `INSERT INTO strategy.opportunities (id, organization_id, number, title, description, created_at, deleted_at)
         SELECT gen_random_uuid(), $1, n, concat_ws(' ', 'Opportunity', CASE WHEN n % 3 = 0 THEN 'common' END, CASE WHEN n IN (5, 9) THEN 'quokka' END),
                'about it', timestamptz '2026-01-01' + n * interval '1 minute', CASE WHEN n = 9 THEN now() END
           FROM generate_series(1, ${OPPORTUNITIES}) n`,
      [large],
    );
    await db.sql.query(`INSERT INTO strategy.insights (id, organization_id, title, quotes) VALUES (gen_random_uuid(), $1, 'A quokka sighting', '{}')`, [large]);
    await db.sql.query(`INSERT INTO strategy.opportunities (id, organization_id, number, title) VALUES (gen_random_uuid(), $1, 1, 'The quokka')`, [small]);
    // "->" (no word) in an old opportunity's title and in one among the newest.
    await db.sql.query(`UPDATE strategy.opportunities SET title = title || ' A -> B' WHERE organization_id = $1 AND number IN (2, ${OPPORTUNITIES - 1})`, [large]);
    await db.sql.query('ANALYZE');
    counted = countedStatements(db);
    repository = new StrategySearchRepository(counted.db);
  }, 120_000);
  afterAll(() => db.close());

  it('answers a common word from the walks alone, newest matches first among equals', async () => {
    const rows = await search(large, 'common');
    expect(counted.calls).toEqual({ generic: 2, planned: 0 });
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.type === 'opportunity' && row.title.includes('common'))).toBe(true);
    // 25 candidates per kind (eight kinds), all from the newest opportunities.
    expect(Number(rows[0].total)).toBe(25);
    expect(Math.min(...rows.map((row) => row.number!))).toBeGreaterThan(OPPORTUNITIES - NEWEST_WALK);
  });

  it('reads the older matches of the kinds where a word is rare, in its organization, without trashed rows', async () => {
    const rows = await search(large, 'quokka');
    // The walks, then one statement for the opportunities' older rows: the insights' walk reached their first row.
    expect(counted.calls).toEqual({ generic: 2, planned: 1 });
    expect(rows.map((row) => [row.type, row.number, row.title])).toEqual(
      expect.arrayContaining([['opportunity', 5, 'Opportunity quokka'], ['insight', null, 'A quokka sighting']]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => Number(row.total) === 2)).toBe(true);
    expect(await search(small, 'quokka')).toMatchObject([{ type: 'opportunity', number: 1, title: 'The quokka' }]);
    expect(counted.calls).toEqual({ generic: 2, planned: 0 });
  });

  it('finds an old record by its key through the older matches', async () => {
    expect(await search(large, 'OPP-7')).toMatchObject([{ type: 'opportunity', number: 7, score: 1 }]);
    expect(counted.calls.planned).toBe(1);
  });

  it('searches a query of no word among the newest rows only, in the walks alone', async () => {
    expect((await search(large, '->')).map((row) => row.number)).toEqual([OPPORTUNITIES - 1]);
    expect(counted.calls).toEqual({ generic: 2, planned: 0 });
  });

  it('pages hits of the walks and of the older matches together by score and id, none twice and none lost', async () => {
    const all = await search(large, 'quokka', undefined, 50);
    const first = await search(large, 'quokka', undefined, 1);
    expect(first).toEqual([all[0]]);
    const rest = await search(large, 'quokka', { score: first[0].score, id: first[0].id }, 50);
    expect(rest.map((row) => [row.id, Number(row.total)])).toEqual([[all[1].id, 1]]);
  });
});
