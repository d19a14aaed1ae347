import { loadPglite, openPglite, templateBlob } from './pglite.database';
import { PgliteStatements } from './pglite-statements';

type PGlite = InstanceType<ReturnType<typeof loadPglite>['PGlite']>;

async function preparedTexts(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement');
  return rows.map((row) => row.statement);
}

describe('PgliteStatements (prepared statements for PGlite)', () => {
  let pglite: PGlite;
  const open = () => new (loadPglite().PGlite)({ loadDataDir: templateBlob() });
  // One database for the file (starting one costs ~1 s), set back before each test: no prepared
  // statement, the same two rows.
  beforeAll(() => {
    pglite = open();
  });
  afterAll(() => (pglite.closed ? undefined : pglite.close()));
  beforeEach(async () => {
    if (pglite.closed) pglite = open();
    await pglite.exec(`DEALLOCATE ALL; DROP TABLE IF EXISTS items;
      CREATE TABLE items (id uuid PRIMARY KEY, n int NOT NULL, title text, tags text[], body jsonb, done boolean NOT NULL DEFAULT false);
      INSERT INTO items VALUES ('00000000-0000-4000-8000-000000000001', 1, 'one', '{a,b}', '{"x":1}', true), ('00000000-0000-4000-8000-000000000002', 2, NULL, '{}', NULL, false)`);
  });

  const statements = (limit?: number) => new PgliteStatements(pglite, loadPglite(), limit);

  it('answers what PGlite’s own query answers, for parameters and columns of every kind', async () => {
    const text = 'SELECT id, n, title, tags, body, done FROM items WHERE n = ANY($1::int[]) AND (title IS NOT DISTINCT FROM $2 OR $3::boolean) ORDER BY n';
    const params = [[1, 2], null, true];
    const expected = await pglite.query(text, params);
    const actual = await statements().query(text, params);
    expect(actual.rows).toEqual(expected.rows);
    expect(actual.rows).toEqual([
      { id: '00000000-0000-4000-8000-000000000001', n: 1, title: 'one', tags: ['a', 'b'], body: { x: 1 }, done: true },
      { id: '00000000-0000-4000-8000-000000000002', n: 2, title: null, tags: [], body: null, done: false },
    ]);
    // Prisma's adapter asks for arrays of values.
    expect((await statements().query('SELECT n, title FROM items WHERE n = $1', [1], { rowMode: 'array' })).rows).toEqual([[1, 'one']]);
  });

  it('reads an answer larger than one chunk of PGlite’s output, and text in any script', async () => {
    const text = "SELECT n, repeat('é✓', 500) || n AS long FROM generate_series(1, $1::int) n";
    const { rows } = await statements().query<{ n: number; long: string }>(text, [2000]);
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ n: 2000, long: 'é✓'.repeat(500) + '2000' });
    expect(rows).toEqual((await pglite.query(text, [2000])).rows);
  });

  it('prepares a text once and runs it again without parsing it', async () => {
    const s = statements();
    for (const n of [1, 2, 1]) expect((await s.query<{ n: number }>('SELECT n FROM items WHERE n = $1', [n])).rows).toEqual([{ n }]);
    const writes = await s.query('UPDATE items SET done = NOT done WHERE n = $1', [2]);
    expect(writes.affectedRows).toBe(1);
    expect(s.size).toBe(2);
    expect(await preparedTexts(pglite)).toEqual(['SELECT n FROM items WHERE n = $1', 'UPDATE items SET done = NOT done WHERE n = $1']);
  });

  it('closes the least recently used statement beyond its bound', async () => {
    const s = statements(2);
    await s.query('SELECT 1 AS a');
    await s.query('SELECT 2 AS b');
    await s.query('SELECT 1 AS a'); // used again: now the second is the oldest
    await s.query('SELECT 3 AS c');
    expect(s.size).toBe(2);
    expect(await preparedTexts(pglite)).toEqual(['SELECT 1 AS a', 'SELECT 3 AS c']);
    expect((await s.query<{ b: number }>('SELECT 2 AS b')).rows).toEqual([{ b: 2 }]);
    expect(await preparedTexts(pglite)).toEqual(['SELECT 2 AS b', 'SELECT 3 AS c']);
  });

  it('throws the database error, and the statement stays usable', async () => {
    const s = statements();
    const insert = 'INSERT INTO items (id, n) VALUES ($1, $2)';
    const duplicate = s.query(insert, ['00000000-0000-4000-8000-000000000001', 3]);
    await expect(duplicate).rejects.toBeInstanceOf(loadPglite().messages.DatabaseError);
    await expect(duplicate).rejects.toMatchObject({
      message: 'duplicate key value violates unique constraint "items_pkey"',
      severity: 'ERROR',
      code: '23505',
      constraint: 'items_pkey',
      table: 'items',
      detail: 'Key (id)=(00000000-0000-4000-8000-000000000001) already exists.',
    });
    await s.query(insert, ['00000000-0000-4000-8000-000000000003', 3]);
    expect((await pglite.query('SELECT n FROM items ORDER BY n')).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await expect(s.query('SELECT nope FROM items')).rejects.toMatchObject({ code: '42703' });
    expect(s.size).toBe(1);
  });

  it('runs inside a transaction, whose rollback undoes its writes', async () => {
    const s = statements();
    let closed: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
    await expect(
      pglite.transaction(async (tx) => {
        closed = tx;
        await s.queryIn(tx, 'UPDATE items SET title = $1 WHERE n = $2', ['changed', 1]);
        expect((await s.queryIn<{ title: string }>(tx, 'SELECT title FROM items WHERE n = $1', [1])).rows).toEqual([{ title: 'changed' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await s.query<{ title: string }>('SELECT title FROM items WHERE n = $1', [1])).rows).toEqual([{ title: 'one' }]);
    await expect(s.queryIn(closed!, 'SELECT 1')).rejects.toThrow('Transaction is closed');
  });

  describe('transaction', () => {
    const titles = async () => (await pglite.query<{ title: string | null }>('SELECT title FROM items ORDER BY n')).rows.map((row) => row.title);

    it('commits prepared and unnamed statements and scripts, then refuses more', async () => {
      const s = statements();
      let kept: Parameters<Parameters<PgliteStatements['transaction']>[0]>[0] | undefined;
      const answer = await s.transaction(async (tx) => {
        kept = tx;
        await tx.query('UPDATE items SET title = $1 WHERE n = $2', ['first', 1]);
        await tx.query('UPDATE items SET title = $1 WHERE n = $2', ['second', 2], false);
        await tx.exec(`INSERT INTO items (id, n) VALUES ('00000000-0000-4000-8000-000000000003', 3); UPDATE items SET title = 'third' WHERE n = 3`);
        return (await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM items', [], false)).rows[0].count;
      });
      expect(answer).toBe(3);
      expect(await titles()).toEqual(['first', 'second', 'third']);
      await expect(kept!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
      // The unnamed statement is not kept.
      expect(await preparedTexts(pglite)).toEqual(['BEGIN', 'COMMIT', 'UPDATE items SET title = $1 WHERE n = $2']);
    });

    it('rolls back when the function throws, a database error included', async () => {
      const s = statements();
      await expect(
        s.transaction(async (tx) => {
          await tx.query('UPDATE items SET title = $1 WHERE n = $2', ['lost', 1]);
          await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['00000000-0000-4000-8000-000000000002', 9]);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await titles()).toEqual(['one', null]);
      // The lock is free again: PGlite's own query runs.
      expect((await s.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    });

    it('fails when the commit became a rollback (a failed statement the function swallowed)', async () => {
      const s = statements();
      await expect(
        s.transaction(async (tx) => {
          await tx.query('UPDATE items SET title = $1 WHERE n = $2', ['lost', 1]);
          await tx.query('SELECT nope FROM items').catch(() => undefined);
        }),
      ).rejects.toBeInstanceOf(loadPglite().TransactionAbortedError);
      expect(await titles()).toEqual(['one', null]);
    });

    it('waits for PGlite’s own transactions and queries, and they for it', async () => {
      const s = statements();
      const order: string[] = [];
      await Promise.all([
        s.transaction(async (tx) => {
          await tx.query('UPDATE items SET title = $1 WHERE n = $2', ['ours', 1]);
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push('ours');
        }),
        pglite.query('SELECT 1').then(() => order.push('query')),
        pglite.transaction(async (tx) => {
          await tx.query(`UPDATE items SET title = 'theirs' WHERE n = 2`);
          order.push('theirs');
        }),
      ]);
      expect(order).toEqual(['ours', 'query', 'theirs']);
      expect(await titles()).toEqual(['ours', 'theirs']);
    });
  });

  it('refuses once PGlite is closed, as PGlite’s own query does', async () => {
    const s = statements();
    await pglite.close();
    await expect(s.query('SELECT 1')).rejects.toThrow('PGlite is closed');
  });
});

describe('openPglite', () => {
  it('runs a named statement prepared and an unnamed one as PGlite’s plain query', async () => {
    const db = await openPglite();
    try {
      expect(await db.sql.query('SELECT $1::int + 1 AS n', [1], 'plus_one')).toEqual([{ n: 2 }]);
      expect(await db.sql.query('SELECT $1::int + 2 AS n', [1])).toEqual([{ n: 3 }]);
      expect(await db.transaction((tx) => tx.query('SELECT $1::int + 1 AS n', [2], 'plus_one'))).toEqual([{ n: 3 }]);
      const rows = await db.sql.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement');
      expect(rows.map((row) => row.statement)).toEqual(['BEGIN', 'COMMIT', 'SELECT $1::int + 1 AS n']);
    } finally {
      await db.close();
    }
  });

  it('gives Prisma’s adapter prepared statements too, in and outside transactions', async () => {
    const db = await openPglite();
    try {
      const adapter = await db.adapter.connect();
      const argTypes = [{ scalarType: 'int', arity: 'scalar' }] as Parameters<typeof adapter.queryRaw>[0]['argTypes'];
      expect((await adapter.queryRaw({ sql: 'SELECT $1::int * 10 AS n', args: [4], argTypes })).rows).toEqual([[40]]);
      const tx = await adapter.startTransaction();
      expect((await tx.queryRaw({ sql: 'SELECT $1::int * 100 AS n', args: [4], argTypes })).rows).toEqual([[400]]);
      await tx.commit();
      const rows = await db.sql.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement');
      expect(rows.map((row) => row.statement)).toEqual(['SELECT $1::int * 10 AS n', 'SELECT $1::int * 100 AS n']);
    } finally {
      await db.close();
    }
  });
});
