import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ExplainedStatement, IndexCatalog, findWholeTableReads, indexNamesOf, isJudged, parseAutoExplainMessage, statementKey, unusedIndexes } from './plan-walker';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as ExplainedStatement;
const INDEXES: IndexCatalog = {
  intake_votes_submission_id_address_hash_created_at_idx: { table: 'intake_votes', leading: 'submission_id', partial: false },
  deliveries_pkey: { table: 'deliveries', leading: 'id', partial: false },
  outbox_waiting_idx: { table: 'outbox', leading: 'seq', partial: true },
  audit_entries_at_idx: { table: 'audit_entries', leading: 'at', partial: false },
  work_items_organization_id_updated_at_id_idx: { table: 'work_items', leading: 'organization_id', partial: false },
};
const findings = (name: string) => findWholeTableReads(fixture(name).Plan, INDEXES);

describe('plan walker', () => {
  it('reports a Seq Scan on a growing table, under other nodes too', () => {
    expect(findings('seq-scan-work-items')).toEqual([{ table: 'work_items', node: 'Seq Scan', detail: 'Seq Scan on work_items (estimated 120 rows)' }]);
  });

  it('accepts an index scan with an index condition', () => {
    expect(findings('index-scan-work-items')).toEqual([]);
  });

  it('reports an index read whole: without a condition, or without its leading column', () => {
    expect(findings('full-index-scan')).toEqual([
      { table: 'deliveries', node: 'Index Only Scan', detail: 'Index Only Scan using deliveries_pkey on deliveries without an index condition (the whole index)' },
    ]);
    expect(findings('index-without-leading-column')).toEqual([
      {
        table: 'intake_votes',
        node: 'Index Scan',
        detail: 'Index Scan using intake_votes_submission_id_address_hash_created_at_idx on intake_votes without its leading column submission_id: (address_hash = $2)',
      },
    ]);
  });

  it('accepts a partial index scanned in order without a condition (its predicate is the condition)', () => {
    expect(findings('partial-index-scan')).toEqual([]);
  });

  it('accepts a whole index walked in order under a Limit (a top-N that stops after one page)', () => {
    expect(findings('top-n-by-index')).toEqual([]);
  });

  it('exempts the small lookup tables and the catalogs', () => {
    expect(findings('seq-scan-small-table')).toEqual([]);
    expect(findings('catalog-scan')).toEqual([]);
  });

  it('reports a Bitmap Heap Scan whose index scan has no condition, not one that has', () => {
    expect(findings('bitmap-without-condition')).toEqual([{ table: 'deliveries', node: 'Bitmap Heap Scan', detail: 'Bitmap Heap Scan on deliveries without an index condition' }]);
    expect(findings('bitmap-with-condition')).toEqual([]);
  });

  it("reports a Sort of a whole organization's rows and names the table under it", () => {
    expect(findings('big-sort')).toEqual([{ table: 'insights', node: 'Sort', detail: 'Sort of ~20000 rows of insights by title, id' }]);
  });

  it('reads the plan out of an auto_explain log message and keys statements by their text', () => {
    const message = `duration: 0.042 ms  plan:\n${JSON.stringify(fixture('seq-scan-small-table'), null, 2)}`;
    expect(parseAutoExplainMessage(message)?.Plan['Relation Name']).toBe('settings');
    expect(parseAutoExplainMessage('connection authorized: user=postgres')).toBeUndefined();
    expect(statementKey('SELECT  1\n  FROM t')).toBe('SELECT 1 FROM t');
  });

  it('judges only the seeded database from the end of its seed on (earlier, its tables were empty and unanalysed)', () => {
    const window = { database: 'pds_e2e_1', since: '2026-11-27 16:33:10.123' };
    expect(isJudged({ dbname: 'pds_e2e_1', timestamp: '2026-11-27 16:33:10.123 UTC' }, window)).toBe(true);
    expect(isJudged({ dbname: 'pds_e2e_1', timestamp: '2026-11-27 16:35:00.000 UTC' }, window)).toBe(true);
    expect(isJudged({ dbname: 'pds_e2e_1', timestamp: '2026-11-27 16:33:10.122 UTC' }, window)).toBe(false);
    expect(isJudged({ dbname: 'pds_e2e_isolated_1', timestamp: '2026-11-27 16:35:00.000 UTC' }, window)).toBe(false);
    expect(isJudged({ dbname: 'pds_e2e_1' }, window)).toBe(false);
  });
  it('lists the indexes no plan named, leaving out those that enforce (primary, unique, constraint)', () => {
    const named = new Set([...indexNamesOf(fixture('bitmap-with-condition').Plan), ...indexNamesOf(fixture('top-n-by-index').Plan)]);
    expect(named.size).toBeGreaterThan(0);
    const [used] = [...named];
    const indexes = [
      { schema: 'delivery', name: used, enforces: false },
      { schema: 'delivery', name: 'work_items_never_read_idx', enforces: false },
      { schema: 'identity', name: 'outbox_created_at_idx', enforces: false },
      { schema: 'delivery', name: 'work_items_pkey', enforces: true },
    ];
    expect(unusedIndexes(indexes, named)).toEqual(['delivery.work_items_never_read_idx', 'identity.outbox_created_at_idx']);
  });
});
