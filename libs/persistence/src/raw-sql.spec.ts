import { MAX_GENERIC_STATEMENTS, MAX_NAMED_STATEMENTS, genericStatementName, statementName } from './raw-sql';

describe('statementName', () => {
  it('names each distinct text alike every time, and different texts differently', () => {
    const a = statementName('SELECT 1');
    expect(a).toMatch(/^p_[0-9a-f]{20}$/);
    expect(statementName('SELECT 1')).toBe(a);
    expect(statementName('SELECT 2')).not.toBe(a);
  });

  it('leaves texts beyond the bound unnamed and keeps naming the ones it knows', () => {
    const known = statementName('SELECT 1');
    for (let i = 0; i < MAX_NAMED_STATEMENTS; i += 1) statementName(`SELECT ${i} AS filler`);
    expect(statementName('SELECT 1 AS one_too_many')).toBeUndefined();
    expect(statementName('SELECT 1')).toBe(known);
  });

  it('leaves statements that search text unnamed, so each is planned for its own text', () => {
    expect(statementName("SELECT 1 FROM t WHERE v @@ to_tsquery('english', $1)")).toBeUndefined();
    expect(statementName('SELECT 1 FROM t WHERE title ILIKE $1')).toBeUndefined();
    expect(statementName('SELECT 1')).toMatch(/^p_/);
  });
});

describe('genericStatementName', () => {
  it('names the searches planned once, within a bound of their own', () => {
    const walk = "WITH walk AS (SELECT 1 FROM t WHERE v @@ (SELECT to_tsquery('english', $1))) SELECT * FROM walk";
    expect(genericStatementName(walk)).toMatch(/^p_[0-9a-f]{20}$/);
    expect(genericStatementName(walk)).toBe(genericStatementName(walk));
    for (let i = 0; i < MAX_GENERIC_STATEMENTS; i += 1) genericStatementName(`${walk} -- kinds ${i}`);
    expect(genericStatementName(`${walk} -- one kind too many`)).toBeUndefined();
    expect(genericStatementName(walk)).toMatch(/^p_/);
    expect(MAX_GENERIC_STATEMENTS).toBeLessThan(MAX_NAMED_STATEMENTS);
  });
});
