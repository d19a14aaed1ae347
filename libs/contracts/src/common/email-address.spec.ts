import { ERASED, emailAddressPattern, normalizeEmail } from './email-address';

describe('normalizeEmail', () => {
  it('ignores case, surrounding space and a +tag', () => {
    expect(normalizeEmail(' Pat+News@Example.COM ')).toBe('pat@example.com');
    expect(normalizeEmail('pat@example.com')).toBe('pat@example.com');
  });
});

describe('emailAddressPattern', () => {
  // The pattern is written for PostgreSQL; the constructs it uses read the same in JavaScript.
  const erase = (text: string, email: string) => text.replace(new RegExp(emailAddressPattern(email), 'gi'), ERASED);

  it('finds every spelling that normalizes to the address', () => {
    expect(erase('from Pat+News@Example.COM and pat@example.com', 'PAT@example.com')).toBe(`from ${ERASED} and ${ERASED}`);
    expect(erase('{"email":"pat+x@example.com"}', 'pat+other@example.com')).toBe(`{"email":"${ERASED}"}`);
  });

  it('leaves longer addresses that merely contain it', () => {
    const text = 'spat@example.com pat@example.com.au pat@example.community pat.x@example.com';
    expect(erase(text, 'pat@example.com')).toBe(text);
  });

  it('escapes what the address holds that a regular expression would read', () => {
    expect(erase('a.b@x.io aXb@x.io', 'a.b@x.io')).toBe(`${ERASED} aXb@x.io`);
  });
});
