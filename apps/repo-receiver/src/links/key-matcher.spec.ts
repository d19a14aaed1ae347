import { LinkSource } from '@pds/contracts';
import { MAX_EXCERPT_LENGTH, drivesAutomation, findKeys, groupByKey } from './key-matcher';

describe('findKeys', () => {
  it('matches keys case-insensitively on word boundaries', () => {
    expect(findKeys('feature/wi-12-login', LinkSource.branch).map((m) => m.key)).toEqual(['WI-12']);
    expect(findKeys('WI-7: fix; see Wi-8 and (wi-9)', LinkSource.commit_message).map((m) => m.key)).toEqual(['WI-7', 'WI-8', 'WI-9']);
    expect(findKeys('feature_wi-12_login', LinkSource.branch).map((m) => m.key)).toEqual(['WI-12']);
  });

  it('finds nothing inside other words, with leading zeros, or without a number', () => {
    expect(findKeys('kiwi-3 and swi-4 and wi-12a and xWI-5', LinkSource.title)).toEqual([]);
    expect(findKeys('WI-012 WI-0 WI- WI-x', LinkSource.title)).toEqual([]);
  });

  it('reports each key once and prefers a closing mention', () => {
    const matches = findKeys('Related to WI-15.\n\nFixes WI-15', LinkSource.body);
    expect(matches).toEqual([{ key: 'WI-15', source: 'body', text: 'Fixes WI-15', closing: true }]);
  });

  it('recognises the closing words, with an optional colon', () => {
    for (const word of ['close', 'Closes', 'closed', 'fix', 'FIXES', 'fixed', 'resolve', 'resolves', 'resolved', 'complete', 'completes', 'implement', 'implements']) {
      expect(findKeys(`${word} WI-3`, LinkSource.body)[0].closing).toBe(true);
    }
    expect(findKeys('Fixes: WI-3', LinkSource.body)[0].closing).toBe(true);
    expect(findKeys('Related to WI-3', LinkSource.body)[0].closing).toBe(false);
    expect(findKeys('prefixes WI-3', LinkSource.body)[0].closing).toBe(false);
  });

  it('cuts excerpts to the matched line, at most 120 characters, keeping the key', () => {
    const long = `${'a'.repeat(200)} WI-5 ${'b'.repeat(200)}`;
    const [match] = findKeys(`first line\n${long}\nlast`, LinkSource.body);
    expect(match.text.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
    expect(match.text).toContain('WI-5');
    expect(findKeys('one\nsee WI-2 here\nthree', LinkSource.body)[0].text).toBe('see WI-2 here');
  });
});

describe('automation eligibility', () => {
  it('counts branch, title and closing body mentions; never commit messages or bare mentions', () => {
    expect(drivesAutomation({ source: 'branch', closing: false })).toBe(true);
    expect(drivesAutomation({ source: 'title', closing: false })).toBe(true);
    expect(drivesAutomation({ source: 'body', closing: true })).toBe(true);
    expect(drivesAutomation({ source: 'body', closing: false })).toBe(false);
    expect(drivesAutomation({ source: 'commit_message', closing: true })).toBe(false);
  });

  it('groups sources per key', () => {
    const grouped = groupByKey([...findKeys('WI-1 title', LinkSource.title), ...findKeys('Related to WI-1, WI-2', LinkSource.body)]);
    expect(grouped.get('WI-1')).toEqual({ linkedBy: [{ source: 'title', text: 'WI-1 title' }, { source: 'body', text: 'Related to WI-1, WI-2' }], automates: true });
    expect(grouped.get('WI-2')?.automates).toBe(false);
  });
});
