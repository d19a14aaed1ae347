import { analyzeChangedTables, loadPglite, templateBlob } from './pglite.database';

describe('analyzeChangedTables (PGlite has no autovacuum)', () => {
  it('analyzes a table once more than 50 rows plus 10 % of it changed, and then leaves it alone', async () => {
    const { PGlite } = loadPglite();
    const pglite = new PGlite({ loadDataDir: templateBlob() });
    try {
      await pglite.exec('CREATE SCHEMA s; CREATE TABLE s.small (n int); CREATE TABLE s.grown (n int)');
      await pglite.query('INSERT INTO s.small SELECT generate_series(1, 10)');
      await pglite.query('INSERT INTO s.grown SELECT generate_series(1, 1000)');
      expect(await analyzeChangedTables(pglite)).toEqual(['s.grown']);
      const { rows } = await pglite.query<{ reltuples: number }>(`SELECT reltuples FROM pg_class WHERE oid = 's.grown'::regclass`);
      expect(rows[0].reltuples).toBe(1000);
      expect(await analyzeChangedTables(pglite)).toEqual([]);

      // 10 % of 1,000 plus 50: 150 more rows are not enough, 151 are.
      await pglite.query('INSERT INTO s.grown SELECT generate_series(1, 150)');
      expect(await analyzeChangedTables(pglite)).toEqual([]);
      await pglite.query('UPDATE s.grown SET n = 0 WHERE n = 1');
      expect(await analyzeChangedTables(pglite)).toEqual(['s.grown']);
    } finally {
      await pglite.close();
    }
  });
});
