import { containsPattern, escapeLike } from './like-pattern';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character itself', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(containsPattern('50%')).toBe('%50\\%%');
    expect(escapeLike('plain text')).toBe('plain text');
  });
});
