import { LARGE_TABLES_KEPT, LARGE_TABLES_TTL_MS, LargeTables, largeTablesSql } from './large-tables';
import { LARGE_TABLE_ROWS } from './text-search';

describe('LargeTables', () => {
  it('asks once per organization while the answer is fresh, shares a pending ask, and asks again after LARGE_TABLES_TTL_MS', async () => {
    let now = 0;
    const asked: string[] = [];
    const tables = new LargeTables(async (organizationId) => {
      asked.push(organizationId);
      return organizationId === 'big' ? ['work_items'] : [];
    }, () => now);
    const [a, b] = await Promise.all([tables.of('big'), tables.of('big')]);
    expect([...a]).toEqual(['work_items']);
    expect(b).toBe(a);
    expect([...(await tables.of('small'))]).toEqual([]);
    now = LARGE_TABLES_TTL_MS - 1;
    await tables.of('big');
    expect(asked).toEqual(['big', 'small']);
    now = LARGE_TABLES_TTL_MS;
    await tables.of('big');
    expect(asked).toEqual(['big', 'small', 'big']);
  });

  it('does not keep a failed ask', async () => {
    let fail = true;
    const tables = new LargeTables(async () => {
      if (fail) throw new Error('connection lost');
      return ['comments'];
    });
    await expect(tables.of('org')).rejects.toThrow('connection lost');
    fail = false;
    expect([...(await tables.of('org'))]).toEqual(['comments']);
  });

  it('keeps at most LARGE_TABLES_KEPT organizations, dropping the oldest answer', async () => {
    const asked: string[] = [];
    const tables = new LargeTables(async (organizationId) => {
      asked.push(organizationId);
      return [];
    });
    for (let i = 0; i <= LARGE_TABLES_KEPT; i++) await tables.of(`org-${i}`);
    await tables.of(`org-${LARGE_TABLES_KEPT}`);
    await tables.of('org-0');
    expect(asked.filter((id) => id === 'org-0')).toHaveLength(2);
    expect(asked.filter((id) => id === `org-${LARGE_TABLES_KEPT}`)).toHaveLength(1);
  });
});

describe('largeTablesSql', () => {
  it('probes each table past LARGE_TABLE_ROWS of the organization\'s rows by its index, naming the organization once', () => {
    const sql = largeTablesSql([
      { name: 'work_items', table: 'delivery.work_items', indexed: 'number' },
      { name: 'comments', table: 'delivery.comments', indexed: 'created_at' },
    ]);
    expect(sql.match(/organization_id = \$1::uuid/g)).toHaveLength(2);
    expect(sql).toContain(`ORDER BY e.number DESC OFFSET ${LARGE_TABLE_ROWS} LIMIT 1`);
    expect(sql).toContain("THEN 'comments' END");
  });
});
