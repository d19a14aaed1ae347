import { EVENT_TYPES, InternalEventType } from './events';
import { RECORD_KINDS, RecordKind, keyPrefixOf, resourceOf } from './record-kinds';

describe('record kinds', () => {
  const kinds = Object.keys(RECORD_KINDS) as RecordKind[];

  it('name every kind in the events\' spelling, and every event names a kind or any record (`record.*`)', () => {
    expect(kinds).toEqual(['work_item', 'ckr', 'annual_goal', 'product_goal', 'planning_cycle', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'sprint', 'label', 'team', 'intake', 'changelog', 'comment']);
    for (const type of [...EVENT_TYPES, ...Object.values(InternalEventType)]) expect([...kinds, 'record']).toContain(type.split('.')[0]);
    expect(EVENT_TYPES.filter((type) => type.startsWith('record.'))).toEqual(['record.deleted', 'record.restored']);
  });

  it('give the human key prefixes WI, OKR, OPP, EXP and INT, each to one kind', () => {
    const prefixes = kinds.flatMap((kind) => (keyPrefixOf(kind) ? [[kind, keyPrefixOf(kind)]] : []));
    expect(Object.fromEntries(prefixes)).toEqual({ work_item: 'WI', ckr: 'OKR', opportunity: 'OPP', experiment: 'EXP', intake: 'INT' });
  });

  it('name each kind in a 404 the way its service does', () => {
    expect([resourceOf('work_item'), resourceOf('ckr'), resourceOf('intake'), resourceOf('changelog')]).toEqual(['Work item', 'OKR', 'Intake submission', 'Changelog entry']);
  });
});
