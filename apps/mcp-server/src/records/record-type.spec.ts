import { RECORD_TYPES, TYPE_ALIASES, kindEnum, typesOfRef } from './record-type';

describe('record types of the MCP tools', () => {
  it('are the record kinds of the contracts, the names agents used before kept as aliases', () => {
    expect(RECORD_TYPES).toEqual(['work_item', 'ckr', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'product_goal', 'annual_goal', 'sprint', 'intake']);
    const kinds = kindEnum(['ckr', 'opportunity', 'sprint']);
    expect(['okr', 'okrs', 'ckr', 'opportunities', 'sprints'].map((name) => kinds.parse(name))).toEqual(['ckr', 'ckr', 'ckr', 'opportunity', 'sprint']);
    expect(kinds.safeParse('nope').success).toBe(false);
    for (const kind of Object.values(TYPE_ALIASES)) expect(RECORD_TYPES).toContain(kind);
  });

  it('read a key as its one type (any case) and a uuid as any type', () => {
    expect(typesOfRef('okr-2')).toEqual(['ckr']);
    expect(['WI-7', 'OPP-3', 'EXP-1', 'INT-4'].map((ref) => typesOfRef(ref)[0])).toEqual(['work_item', 'opportunity', 'experiment', 'intake']);
    expect(typesOfRef(' 4f1c2e9a-2b1d-4c3e-9f00-0123456789ab ')).toEqual(RECORD_TYPES);
    expect(() => typesOfRef('SPRINT-1')).toThrow(expect.objectContaining({ code: 'BadRequest' }));
  });
});
