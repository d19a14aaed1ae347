import { StatementNames } from './statement-names';

describe('StatementNames', () => {
  it('names each distinct text once, and the same text always alike', () => {
    const names = new StatementNames('wi_list');
    const a = names.of('SELECT 1');
    const b = names.of('SELECT 2');
    expect(a).toBe('wi_list_0');
    expect(b).toBe('wi_list_1');
    expect(names.of('SELECT 1')).toBe(a);
  });

  it('leaves texts beyond its limit unnamed, and keeps naming the ones it knows', () => {
    const names = new StatementNames('q', 2);
    names.of('a');
    names.of('b');
    expect(names.of('c')).toBeUndefined();
    expect(names.of('a')).toBe('q_0');
  });
});
