import { RECORD_TYPES, kindOfType, typesOfRef } from './record-type';

describe('record types of the MCP tools', () => {
  it('keep the names agents have always used, OKRs as `okr`, each naming a record kind of the contracts', () => {
    expect(RECORD_TYPES).toEqual(['work_item', 'okr', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'product_goal', 'annual_goal', 'sprint', 'intake']);
    expect(RECORD_TYPES.map(kindOfType)).toEqual(['work_item', 'ckr', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'product_goal', 'annual_goal', 'sprint', 'intake']);
  });

  it('read a key as its one type (any case) and a uuid as any type', () => {
    expect(typesOfRef('okr-2')).toEqual(['okr']);
    expect(['WI-7', 'OPP-3', 'EXP-1', 'INT-4'].map((ref) => typesOfRef(ref)[0])).toEqual(['work_item', 'opportunity', 'experiment', 'intake']);
    expect(typesOfRef(' 4f1c2e9a-2b1d-4c3e-9f00-0123456789ab ')).toEqual(RECORD_TYPES);
    expect(() => typesOfRef('SPRINT-1')).toThrow(expect.objectContaining({ code: 'BadRequest' }));
  });
});
