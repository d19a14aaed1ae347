import { RawSqlClient, applyMigrations, openPglite, Database } from '@pds/persistence';
import { RecordTrash } from '@pds/messaging';
import { randomUUID } from 'node:crypto';
import { DELIVERY_TRASH } from './delivery-trash';

/** The delivery trash's SQL on a real database: soft delete, restore, blocker counts and the purge in batches. */
describe('delivery trash (PGlite)', () => {
  let db: Database;
  let sql: RawSqlClient;
  const org = randomUUID();
  const user = randomUUID();
  let next = 0;
  const DAY = 86_400_000;

  const item = async () => {
    const id = randomUUID();
    next += 1;
    await db.sql.query(`INSERT INTO delivery.work_items (id, organization_id, number, title, type, status) VALUES ($1, $2, $3, 'x', 'TASK', 'TODO')`, [id, org, next]);
    return id;
  };
  const blocks = (source: string, target: string) =>
    db.sql.query(`INSERT INTO delivery.work_item_relations (id, organization_id, type, source_id, target_id) VALUES ($1, $2, 'BLOCKS', $3, $4)`, [randomUUID(), org, source, target]);
  const count = async (id: string) => (await db.sql.query<{ n: number }>('SELECT open_blocker_count AS n FROM delivery.work_items WHERE id = $1', [id]))[0].n;
  const exists = async (id: string) => (await db.sql.query('SELECT 1 FROM delivery.work_items WHERE id = $1', [id])).length === 1;
  const relations = async (id: string) => (await db.sql.query('SELECT 1 FROM delivery.work_item_relations WHERE source_id = $1 OR target_id = $1', [id])).length;

  beforeAll(async () => {
    db = await openPglite();
    await applyMigrations(db, ['delivery']);
    sql = {
      $queryRawUnsafe: <T>(text: string, ...values: unknown[]) => db.sql.query(text, values) as Promise<T>,
      $executeRawUnsafe: async (text: string, ...values: unknown[]) => (await db.sql.query(text, values)).length,
    };
  });
  afterAll(() => db.close());

  it('moves a record to the trash once, by uuid or key, and back with nothing else changed', async () => {
    const id = await item();
    const before = await db.sql.query('SELECT * FROM delivery.work_items WHERE id = $1', [id]);
    const at = new Date('2026-05-01T10:00:00.123Z');
    const deleted = await DELIVERY_TRASH.softDelete(sql, org, 'work_item', `wi-${next}`, at, user);
    expect(deleted).toMatchObject({ type: 'work_item', id, number: next, title: 'x', deleted_by: user });
    expect(new Date(deleted!.deleted_at).toISOString()).toBe(at.toISOString());
    expect(await DELIVERY_TRASH.softDelete(sql, org, 'work_item', id, at, user)).toBeNull();
    expect(await DELIVERY_TRASH.softDelete(sql, randomUUID(), 'work_item', id, at, user)).toBeNull();
    expect(await DELIVERY_TRASH.lockDeleted(sql, org, id, new Date(at.getTime() + 1))).toBeNull();
    const found = await DELIVERY_TRASH.lockDeleted(sql, org, id, new Date(at.getTime() - DAY));
    expect(found?.id).toBe(id);
    await DELIVERY_TRASH.restore(sql, org, found!);
    expect(await db.sql.query('SELECT * FROM delivery.work_items WHERE id = $1', [id])).toEqual(before);
  });

  it('stops counting a trashed blocker, counts it again on restore, and the purge leaves the count alone', async () => {
    const [blocker, target] = [await item(), await item()];
    await blocks(blocker, target);
    expect(await count(target)).toBe(1);
    const row = await DELIVERY_TRASH.softDelete(sql, org, 'work_item', blocker, new Date(), user);
    expect(await count(target)).toBe(0);
    await DELIVERY_TRASH.restore(sql, org, row!);
    expect(await count(target)).toBe(1);
    await DELIVERY_TRASH.softDelete(sql, org, 'work_item', blocker, new Date(Date.now() - 2 * DAY), user);
    const trash = new RecordTrash(undefined as never, DELIVERY_TRASH, sql, { retentionMs: DAY, purgeIntervalMs: 1000, purgeBatch: 500 });
    await trash.purge();
    expect(await exists(blocker)).toBe(false);
    expect(await relations(blocker)).toBe(0);
    expect(await count(target)).toBe(0);
  });

  it('purges what is past the retention in batches, and keeps what is not', async () => {
    const old = [await item(), await item(), await item(), await item(), await item()];
    const recent = await item();
    for (const id of old) await DELIVERY_TRASH.softDelete(sql, org, 'work_item', id, new Date(Date.now() - 3 * DAY), user);
    await DELIVERY_TRASH.softDelete(sql, org, 'work_item', recent, new Date(), user);
    const trash = new RecordTrash(undefined as never, DELIVERY_TRASH, sql, { retentionMs: DAY, purgeIntervalMs: 1000, purgeBatch: 2 });
    expect(await trash.purge()).toBe(5);
    for (const id of old) expect(await exists(id)).toBe(false);
    expect(await exists(recent)).toBe(true);
    expect(await trash.purge()).toBe(0);
  });

  it("purges the oldest deleted first, and the foreign keys clear a purged item's children and remove its comments", async () => {
    const [newer, oldest, middle] = [await item(), await item(), await item()];
    const child = await item();
    await db.sql.query('UPDATE delivery.work_items SET parent_id = $1 WHERE id = $2', [oldest, child]);
    await db.sql.query(`INSERT INTO delivery.comments (id, organization_id, work_item_id, author_id, body) VALUES ($1, $2, $3, $4, 'on the oldest')`, [randomUUID(), org, oldest, user]);
    await DELIVERY_TRASH.softDelete(sql, org, 'work_item', newer, new Date(Date.now() - 3 * DAY), user);
    await DELIVERY_TRASH.softDelete(sql, org, 'work_item', oldest, new Date(Date.now() - 5 * DAY), user);
    await DELIVERY_TRASH.softDelete(sql, org, 'work_item', middle, new Date(Date.now() - 4 * DAY), user);

    expect(await DELIVERY_TRASH.purgeBatch(sql, 'work_item', new Date(Date.now() - DAY), 1)).toBe(1);
    expect([await exists(oldest), await exists(middle), await exists(newer)]).toEqual([false, true, true]);
    expect((await db.sql.query<{ parent_id: string | null }>('SELECT parent_id FROM delivery.work_items WHERE id = $1', [child]))[0].parent_id).toBeNull();
    expect(await db.sql.query('SELECT 1 FROM delivery.comments WHERE work_item_id = $1', [oldest])).toEqual([]);
    expect(await DELIVERY_TRASH.purgeBatch(sql, 'work_item', new Date(Date.now() - DAY), 1)).toBe(1);
    expect([await exists(middle), await exists(newer)]).toEqual([false, true]);
  });
});
