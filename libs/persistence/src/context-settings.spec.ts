import { ContextSettings } from './context-settings';
import type { Database } from './database';
import { applyMigrations } from './migrator';
import { openPglite } from './pglite.database';

describe('ContextSettings', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPglite();
    await applyMigrations(db, ['webhooks', 'repos']);
  });
  afterAll(() => db.close());

  it.each(['webhooks', 'repos'] as const)('stores the first value of a name in %s.settings and answers it ever after', async (context) => {
    const settings = new ContextSettings(db, context);
    expect(await settings.getOrInit('secret_key', 'first')).toBe('first');
    expect(await new ContextSettings(db, context).getOrInit('secret_key', 'second')).toBe('first');
    expect(await db.sql.query(`SELECT name, value FROM ${context}.settings`)).toEqual([{ name: 'secret_key', value: 'first' }]);
  });

  it('keeps each context apart', async () => {
    await new ContextSettings(db, 'webhooks').getOrInit('only_here', 'w');
    expect(await db.sql.query(`SELECT value FROM repos.settings WHERE name = 'only_here'`)).toEqual([]);
  });
});
