import { createHmac } from 'node:crypto';
import { githubSignatureValid, githubSignatureWellFormed, gitlabTokenValid } from './hook-signature';

const body = Buffer.from('{"zen":"Keep it logically awesome."}');
const sign = (secret: string, bytes: Buffer = body) => `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`;

describe('GitHub signature', () => {
  it('accepts the HMAC of the raw bytes under any valid secret', () => {
    expect(githubSignatureValid(body, sign('s1'), ['s1'])).toBe(true);
    expect(githubSignatureValid(body, sign('old'), ['new', 'old'])).toBe(true);
  });

  it('refuses another secret, another body, a missing header and the sha1 form', () => {
    expect(githubSignatureValid(body, sign('other'), ['s1'])).toBe(false);
    expect(githubSignatureValid(Buffer.from('{"zen": "Keep it logically awesome."}'), sign('s1'), ['s1'])).toBe(false);
    expect(githubSignatureValid(body, undefined, ['s1'])).toBe(false);
    const sha1 = `sha1=${createHmac('sha1', 's1').update(body).digest('hex')}`;
    expect(githubSignatureValid(body, sha1, ['s1'])).toBe(false);
    expect(githubSignatureValid(body, 'sha256=', ['s1'])).toBe(false);
  });
});

describe('GitHub signature header form', () => {
  it('takes what GitHub sends and nothing that could never match', () => {
    expect(githubSignatureWellFormed(sign('s1'))).toBe(true);
    for (const header of [undefined, '', 'sha256=', `sha1=${'a'.repeat(40)}`, `sha256=${'A'.repeat(64)}`, `sha256=${'a'.repeat(63)}`, ` ${sign('s1')}`]) {
      expect(githubSignatureWellFormed(header)).toBe(false);
    }
  });
});

describe('GitLab token', () => {
  it('compares the token with each valid secret', () => {
    expect(gitlabTokenValid('s1', ['s1'])).toBe(true);
    expect(gitlabTokenValid('old', ['new', 'old'])).toBe(true);
    expect(gitlabTokenValid('s2', ['s1'])).toBe(false);
    expect(gitlabTokenValid(undefined, ['s1'])).toBe(false);
    expect(gitlabTokenValid('', ['s1'])).toBe(false);
  });
});
