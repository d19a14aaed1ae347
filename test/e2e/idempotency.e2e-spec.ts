import { randomBytes } from 'node:crypto';
import { createOrganization, operatorClient, uniqueName } from './support/client';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';

const key = () => `key-${randomBytes(8).toString('hex')}`;

describe('Idempotency-Key on POST', () => {
  it('replays the first answer for the same key and request without doing the work again', async () => {
    const org = await createOrganization();
    const k = key();
    const headers = { 'idempotency-key': k };
    const first = await org.api.post('/api/v1/work-items', { title: 'Once only', type: 'TASK' }, { headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await org.api.post('/api/v1/work-items', { title: 'Once only', type: 'TASK' }, { headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await org.api.get('/api/v1/work-items')).body).toHaveLength(1);
  });

  it('answers 422 when the key comes back with another body or path', async () => {
    const org = await createOrganization();
    const headers = { 'idempotency-key': key() };
    expect((await org.api.post('/api/v1/work-items', { title: 'First body', type: 'TASK' }, { headers })).status).toBe(200);
    const other = await org.api.post('/api/v1/work-items', { title: 'Other body', type: 'TASK' }, { headers });
    expect(other.status).toBe(422);
    expect(other.body.error).toBe('UnprocessableEntity');
    expect(shapeViolations(other.body, ERROR_SHAPE)).toEqual([]);
    expect((await org.api.post('/api/v1/labels', { name: 'x', color: '#aabbcc' }, { headers })).status).toBe(422);
    expect((await org.api.get('/api/v1/work-items')).body).toHaveLength(1);
  });

  it('keeps keys per API key, replays refusals too, and refuses a malformed key', async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const headers = { 'idempotency-key': key() };
    const mine = await a.api.post('/api/v1/work-items', { title: 'Same key', type: 'TASK' }, { headers });
    const theirs = await b.api.post('/api/v1/work-items', { title: 'Same key', type: 'TASK' }, { headers });
    expect(theirs.status).toBe(200);
    expect(theirs.body.id).not.toBe(mine.body.id);
    const badHeaders = { 'idempotency-key': key() };
    const refused = await a.api.post('/api/v1/work-items', { title: 'x', type: 'TASK' }, { headers: badHeaders });
    expect(refused.status).toBe(400);
    const replayedRefusal = await a.api.post('/api/v1/work-items', { title: 'x', type: 'TASK' }, { headers: badHeaders });
    expect(replayedRefusal.status).toBe(400);
    expect(replayedRefusal.body).toEqual(refused.body);
    const malformed = await a.api.post('/api/v1/work-items', { title: 'Fine', type: 'TASK' }, { headers: { 'idempotency-key': 'x'.repeat(256) } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toHaveProperty('Idempotency-Key');
  });

  it('lets concurrent retries of one key create one record', async () => {
    const org = await createOrganization();
    const headers = { 'idempotency-key': key() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => org.api.post('/api/v1/work-items', { title: 'Racing', type: 'TASK' }, { headers })));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    expect(new Set(answers.filter((a) => a.status === 200).map((a) => a.body.id)).size).toBe(1);
    expect((await org.api.get('/api/v1/work-items')).body).toHaveLength(1);
  });

  it("makes the operator's organization bootstrap idempotent; the key is shown once, never replayed", async () => {
    const operator = operatorClient();
    const headers = { 'idempotency-key': key() };
    const body = { name: uniqueName('Bootstrap'), adminEmail: `admin-${randomBytes(3).toString('hex')}@example.com` };
    const first = await operator.post('/operator/organizations', body, { headers });
    const again = await operator.post('/operator/organizations', body, { headers });
    expect(first.status).toBe(200);
    expect(again.body.organization.id).toBe(first.body.organization.id);
    expect(again.body.user).toEqual(first.body.user);
    expect(first.body.apiKey).toMatch(/^pos_sk_/);
    expect(again.body).not.toHaveProperty('apiKey');
    expect(again.text).not.toContain(first.body.apiKey);
  });
});
