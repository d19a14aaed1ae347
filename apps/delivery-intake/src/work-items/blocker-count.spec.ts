import { Database, applyMigrations, openPglite } from '@pds/persistence';
import { randomUUID } from 'node:crypto';

/** The open-blocker count is kept by database triggers; these tests pin the invariant down. */
describe('open blocker count (triggers)', () => {
  let db: Database;
  const org = randomUUID();
  let next = 0;

  const item = async (status = 'TODO') => {
    const id = randomUUID();
    next += 1;
    await db.sql.query(
      `INSERT INTO delivery.work_items (id, organization_id, number, title, type, status) VALUES ($1, $2, $3, 'x', 'TASK', $4::delivery."WorkItemStatus")`,
      [id, org, next, status],
    );
    return id;
  };
  const relate = async (type: string, source: string, target: string) => {
    const id = randomUUID();
    await db.sql.query(
      `INSERT INTO delivery.work_item_relations (id, organization_id, type, source_id, target_id) VALUES ($1, $2, $3::delivery."RelationType", $4, $5)`,
      [id, org, type, source, target],
    );
    return id;
  };
  const setStatus = (id: string, status: string) =>
    db.sql.query(`UPDATE delivery.work_items SET status = $2::delivery."WorkItemStatus" WHERE id = $1`, [id, status]);
  const count = async (id: string) =>
    (await db.sql.query<{ n: number }>('SELECT open_blocker_count AS n FROM delivery.work_items WHERE id = $1', [id]))[0].n;

  beforeAll(async () => {
    db = await openPglite();
    await applyMigrations(db, ['delivery']);
  });
  afterAll(() => db.close());

  it('counts open BLOCKS relations pointing at an item', async () => {
    const [a, b, target] = [await item(), await item(), await item()];
    await relate('BLOCKS', a, target);
    await relate('BLOCKS', b, target);
    await relate('RELATES_TO', a, target);
    await relate('DUPLICATES', b, target);
    expect(await count(target)).toBe(2);
    expect(await count(a)).toBe(0);
  });

  it('follows the blocker through DONE, CANCELLED and back', async () => {
    const [blocker, target] = [await item(), await item()];
    await relate('BLOCKS', blocker, target);
    await setStatus(blocker, 'IN_PROGRESS');
    expect(await count(target)).toBe(1);
    await setStatus(blocker, 'DONE');
    expect(await count(target)).toBe(0);
    await setStatus(blocker, 'CANCELLED');
    expect(await count(target)).toBe(0);
    await setStatus(blocker, 'TODO');
    expect(await count(target)).toBe(1);
  });

  it('ignores closed blockers when linked and forgets removed links', async () => {
    const [closed, open, target] = [await item('DONE'), await item(), await item()];
    await relate('BLOCKS', closed, target);
    const link = await relate('BLOCKS', open, target);
    expect(await count(target)).toBe(1);
    await db.sql.query('DELETE FROM delivery.work_item_relations WHERE id = $1', [link]);
    expect(await count(target)).toBe(0);
    await setStatus(closed, 'TODO');
    expect(await count(target)).toBe(1);
  });
});
