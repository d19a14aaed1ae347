import { ListWorkItemsQuery, WORK_ITEM_SORT } from '@pds/contracts';
import { Database, NEWEST_WALK, applyMigrations, normalizeSearch, openPglite } from '@pds/persistence';
import { countedStatements } from '@pds/persistence/testing';
import { randomUUID } from 'node:crypto';
import { WorkItemSearchRow, plannedSearchSql } from './work-item-search.sql';
import { WorkItemRepository } from './work-item.repository';

/**
 * The work-item search on a real database, in an organization larger than a walk: words are walked in
 * a statement planned once, the older matches read only where a text is rare, and the page is the one
 * statement planned for the text gives (plannedSearchSql, the sentences' path, used as the oracle).
 */
describe('work-item search (PGlite)', () => {
  let db: Database;
  let repository: WorkItemRepository;
  let counted: ReturnType<typeof countedStatements>;
  const org = randomUUID();
  const ITEMS = NEWEST_WALK + 300;
  const AUTHOR = randomUUID();

  const fields = (rows: WorkItemSearchRow[]) => rows.map((row) => ({ number: row.number, score: Number(row.score), total: Number(row.total), description: row.description, comment: row.comment }));
  const search = async (q: string, limit = 20, after?: { score: number; id: string }) => {
    counted.reset();
    return repository.search(org, normalizeSearch(q), limit, after);
  };
  const oracle = async (q: string, limit = 20, after?: { score: number; id: string }) => {
    const { sql, params } = plannedSearchSql(org, normalizeSearch(q), new Set(), limit, after);
    return db.sql.query<WorkItemSearchRow>(sql, params);
  };

  beforeAll(async () => {
    db = await openPglite();
    await applyMigrations(db, ['delivery']);
    // Item n: every fourth says "common" and "item"; 3 and 8 (old) say "quokka", 8 is in the trash; item
    // n's comment says "common" every fifth; item 4 has an old comment "quokka sighting", and the
    // newest item a new one; item 6 is only commented "wombat".
    await db.sql.query(
      `INSERT INTO delivery.work_items (id, organization_id, number, title, description, type, status, deleted_at)
         SELECT gen_random_uuid(), $1, n, concat_ws(' ', 'Item', CASE WHEN n % 4 = 0 THEN 'common' END, CASE WHEN n IN (3, 8) THEN 'quokka' END),
                'Text of the item', 'TASK', 'TODO', CASE WHEN n = 8 THEN now() END
           FROM generate_series(1, ${ITEMS}) n`,
      [org],
    );
    await db.sql.query(
      `INSERT INTO delivery.comments (id, organization_id, work_item_id, author_id, body, created_at)
         SELECT gen_random_uuid(), $1, w.id, $2, concat_ws(' ', 'Comment', w.number, CASE WHEN w.number % 5 = 0 THEN 'common' END), timestamptz '2026-01-01' + w.number * interval '1 minute'
           FROM delivery.work_items w WHERE w.organization_id = $1`,
      [org, AUTHOR],
    );
    await db.sql.query(
      `UPDATE delivery.comments c SET body = CASE w.number WHEN 4 THEN 'A quokka sighting' WHEN ${ITEMS} THEN 'quokka again' WHEN 6 THEN 'wombat' END
         FROM delivery.work_items w WHERE w.id = c.work_item_id AND w.number IN (4, 6, ${ITEMS})`,
    );
    // "->" (no word: an unindexed substring) in an old title and in one among the newest.
    await db.sql.query(`UPDATE delivery.work_items SET title = title || ' A -> B' WHERE organization_id = $1 AND number IN (2, ${ITEMS - 1})`, [org]);
    await db.sql.query('ANALYZE');
    counted = countedStatements(db);
    repository = new WorkItemRepository(counted.db);
  }, 120_000);
  afterAll(() => db.close());

  it('answers a word common in items and comments from the walks alone, as the one statement would', async () => {
    const rows = await search('common');
    expect(counted.calls).toEqual({ generic: 1, planned: 0 });
    expect(rows).toHaveLength(20);
    expect(fields(rows)).toEqual(fields(await oracle('common')));
  });

  it('reads older comments for a word common in items but in no new comment', async () => {
    const rows = await search('item');
    expect(counted.calls).toEqual({ generic: 1, planned: 1 });
    expect(fields(rows)).toEqual(fields(await oracle('item')));
  });

  it('reads the older matches where a word is rare, items and comments alike, without trashed items', async () => {
    const rows = await search('quokka');
    expect(counted.calls).toEqual({ generic: 1, planned: 1 });
    // Item 3 by its title, item 4 by an old comment, the newest item by a new one; not item 8 (trashed).
    expect(rows.map((row) => row.number).sort((a, b) => a - b)).toEqual([3, 4, ITEMS]);
    expect(fields(rows)).toEqual(fields(await oracle('quokka')));
    expect(rows.find((row) => row.number === 4)?.comment).toBe('A quokka sighting');
    // A word only in one old comment: the items' walk found nothing, their older rows are read too.
    expect(fields(await search('wombat'))).toEqual(fields(await oracle('wombat')));
    expect((await search('wombat')).map((row) => row.number)).toEqual([6]);
  });

  it('finds an old item by its key', async () => {
    expect(await search('WI-5')).toMatchObject([{ number: 5, score: 1 }]);
    expect(counted.calls.planned).toBe(1);
    expect(await search('WI-999999')).toEqual([]);
  });

  it('searches a query of no word among the newest items only, in one statement, in the search and the list alike', async () => {
    expect((await search('->')).map((row) => row.number)).toEqual([ITEMS - 1]);
    expect(counted.calls).toEqual({ generic: 1, planned: 0 });
    const listed = await repository.list(org, { q: '->' } as ListWorkItemsQuery, { keys: WORK_ITEM_SORT.keys(undefined) }, 50);
    expect(listed.map((item) => item.key)).toEqual([`WI-${ITEMS - 1}`]);
    // A key is searched everywhere, past the walk.
    expect((await repository.list(org, { q: 'WI-2' } as ListWorkItemsQuery, { keys: WORK_ITEM_SORT.keys(undefined) }, 50)).map((item) => item.key)).toEqual(['WI-2']);
  });

  it('pages the hits of the walks and of the older matches together by score and id', async () => {
    const first = await search('quokka', 1);
    expect(fields(first)).toEqual(fields(await oracle('quokka', 1)));
    const after = { score: Number(first[0].score), id: first[0].id };
    expect(fields(await search('quokka', 20, after))).toEqual(fields(await oracle('quokka', 20, after)));
    const common = await search('common', 5);
    const next = { score: Number(common[4].score), id: common[4].id };
    expect(fields(await search('common', 20, next))).toEqual(fields(await oracle('common', 20, next)));
  });
});
