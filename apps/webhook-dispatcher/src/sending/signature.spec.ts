import { createHmac } from 'node:crypto';
import { contractSignature, signatureHeaders, standardSignature } from './signature';

describe('webhook signatures', () => {
  it('matches the Standard Webhooks reference vector', () => {
    expect(standardSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('X-SVC-Signature is the lowercase hex HMAC-SHA256 of the raw body keyed with the secret', () => {
    const body = '{"id":"x","data":{"title":"Grüße"}}';
    const expected = createHmac('sha256', Buffer.from('whsec_abc', 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex');
    expect(contractSignature('whsec_abc', body)).toBe(`sha256=${expected}`);
    expect(contractSignature('whsec_abc', body)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(contractSignature('whsec_abd', body)).not.toBe(`sha256=${expected}`);
  });

  it('signs with every live secret during a rotation; X-SVC uses the newest', () => {
    const now = Date.UTC(2026, 0, 1);
    const headers = signatureHeaders(['whsec_bmV3', 'whsec_b2xk'], 'evt-1', '{}', now);
    expect(headers['webhook-id']).toBe('evt-1');
    expect(headers['webhook-timestamp']).toBe(String(now / 1000));
    expect(headers['webhook-signature'].split(' ')).toEqual([
      standardSignature('whsec_bmV3', 'evt-1', now / 1000, '{}'),
      standardSignature('whsec_b2xk', 'evt-1', now / 1000, '{}'),
    ]);
    expect(headers['x-svc-signature']).toBe(contractSignature('whsec_bmV3', '{}'));
  });
});
