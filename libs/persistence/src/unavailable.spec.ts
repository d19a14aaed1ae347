import { randomBytes } from 'node:crypto';
import { loadPglite } from './pglite.database';
import { refusedValue } from './unavailable';

type PGlite = InstanceType<ReturnType<typeof loadPglite>['PGlite']>;

async function errorOf(pglite: PGlite, text: string, params: unknown[] = []): Promise<unknown> {
  try {
    await pglite.query(text, params);
  } catch (error) {
    return error;
  }
  throw new Error(`${text} did not fail`);
}

describe('refusedValue (PostgreSQL refused a value, not the moment)', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = new (loadPglite().PGlite)();
    await pglite.exec('CREATE TABLE named (name text PRIMARY KEY)');
  });
  afterAll(() => pglite.close());

  it('names a number out of range, a malformed timestamp and an index entry over its size', async () => {
    expect(refusedValue(await errorOf(pglite, 'SELECT $1::int', ['1099511627776']))).toBe('value "1099511627776" is out of range for type integer');
    expect(refusedValue(await errorOf(pglite, 'SELECT $1::timestamptz', ['+010000-01-01T00:00:00Z']))).toMatch(/timestamp|time zone|date/);
    // Random, so that PostgreSQL cannot compress it to fit the index.
    expect(refusedValue(await errorOf(pglite, 'INSERT INTO named VALUES ($1)', [randomBytes(3000).toString('hex')]))).toMatch(/index row/);
  });

  it('says nothing of other errors: a retry may succeed, or the statement is wrong', async () => {
    expect(refusedValue(await errorOf(pglite, 'SELECT * FROM missing'))).toBeNull();
    expect(refusedValue(new Error('Connection terminated'))).toBeNull();
    expect(refusedValue(undefined)).toBeNull();
  });
});
