import { ApiClient, createMember, createOrganization, keyClient, operatorClient, uniqueName } from './support/client';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { stackInfo } from './support/stack-info';

describe('operator API', () => {
  it('bootstraps an organization with its first ADMIN and a key shown once', async () => {
    const name = uniqueName('Acme');
    const response = await operatorClient().post('/operator/organizations', { name, adminEmail: 'Founder@Example.com', adminName: 'Founder' });
    expect(response.status).toBe(200);
    const { organization, user, apiKey } = response.body;
    expect(shapeViolations(organization, { id: 'uuid', name: 'string', createdAt: 'timestamp' })).toEqual([]);
    expect(organization.name).toBe(name);
    expect(user).toMatchObject({ id: expect.any(String), email: 'founder@example.com', name: 'Founder', role: 'ADMIN' });
    expect(apiKey).toMatch(/^pos_sk_[A-Za-z0-9_-]{43,}$/);
    const me = await keyClient(apiKey).get('/api/v1/users');
    expect(me.status).toBe(200);
    expect(me.body).toEqual([expect.objectContaining({ id: user.id, role: 'ADMIN' })]);
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer not-the-operator-token' }],
    ['a non-bearer scheme', { authorization: `Basic ${stackInfo().operatorToken}` }],
  ])('answers 401 to %s', async (_label, headers) => {
    const response = await new ApiClient(stackInfo().apiUrl, headers as Record<string, string>).post('/operator/organizations', {
      name: 'Nope',
      adminEmail: 'nope@example.com',
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Unauthorized');
  });

  it('validates the body', async () => {
    const response = await operatorClient().post('/operator/organizations', { name: 'x', adminEmail: 'not-an-email', extra: 1 });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.details).sort()).toEqual(['adminEmail', 'extra', 'name']);
  });
});

describe('API key authentication', () => {
  it.each([
    ['missing', undefined],
    ['malformed', 'hello'],
    ['unknown', `pos_sk_${'A'.repeat(43)}`],
  ])('answers 401 {error: Unauthorized} to a %s key', async (_label, key) => {
    const client = key === undefined ? new ApiClient(stackInfo().apiUrl) : keyClient(key);
    const response = await client.get('/api/v1/work-items');
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('Unauthorized');
    expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
  });
});

describe('users', () => {
  it('lets an ADMIN create users of every role and list them', async () => {
    const org = await createOrganization();
    for (const role of ['ADMIN', 'PM', 'DEV', 'STAKEHOLDER', 'GUEST']) {
      const response = await org.api.post('/api/v1/users', { email: `${role}@Example.com`, name: `${role} person`, role });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: expect.any(String), email: `${role.toLowerCase()}@example.com`, role, createdAt: expect.any(String) });
    }
    const list = await org.api.get('/api/v1/users');
    expect(list.status).toBe(200);
    expect(list.body.map((u: { role: string }) => u.role).sort()).toEqual(['ADMIN', 'ADMIN', 'DEV', 'GUEST', 'PM', 'STAKEHOLDER']);
  });

  it('rejects an unknown role and a duplicate email', async () => {
    const org = await createOrganization();
    expect((await org.api.post('/api/v1/users', { email: 'a@example.com', name: 'A', role: 'OWNER' })).status).toBe(400);
    expect((await org.api.post('/api/v1/users', { email: 'a@example.com', name: 'A', role: 'DEV' })).status).toBe(200);
    const again = await org.api.post('/api/v1/users', { email: 'A@example.com', name: 'A again', role: 'PM' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Conflict');
  });

  it('is ADMIN only', async () => {
    const org = await createOrganization();
    const pm = await createMember(org, 'PM');
    expect((await pm.api.get('/api/v1/users')).status).toBe(403);
    const denied = await pm.api.post('/api/v1/users', { email: 'x@example.com', name: 'X', role: 'DEV' });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Forbidden');
  });

  it('never shows another organization its users', async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const listed = await b.api.get('/api/v1/users');
    expect(listed.body.map((u: { id: string }) => u.id)).not.toContain(a.admin.id);
  });
});

describe('API keys', () => {
  it('creates a key for the caller by default and lists keys without their secret', async () => {
    const org = await createOrganization();
    const created = await org.api.post('/api/v1/api-keys', { name: 'CI' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'CI', userId: org.admin.id, role: 'ADMIN', revokedAt: null, apiKey: expect.stringMatching(/^pos_sk_/) });
    const list = await org.api.get('/api/v1/api-keys');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect(list.text).not.toContain(created.body.apiKey);
    expect(list.text).not.toContain(org.apiKey);
    for (const key of list.body) expect(key).not.toHaveProperty('apiKey');
  });

  it("keeps a key's role at or below its user's role", async () => {
    const org = await createOrganization();
    const dev = await org.api.post('/api/v1/users', { email: 'dev@example.com', name: 'Dev', role: 'DEV' });
    const tooHigh = await org.api.post('/api/v1/api-keys', { name: 'k', userId: dev.body.id, role: 'PM' });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.details).toHaveProperty('role');
    const ok = await org.api.post('/api/v1/api-keys', { name: 'k', userId: dev.body.id });
    expect(ok.body.role).toBe('DEV');
    const devList = await keyClient(ok.body.apiKey).get('/api/v1/api-keys');
    expect(devList.status).toBe(403);
  });

  it('refuses keys for STAKEHOLDER and GUEST users with 403', async () => {
    const org = await createOrganization();
    for (const role of ['STAKEHOLDER', 'GUEST']) {
      const user = await org.api.post('/api/v1/users', { email: `${role}@example.com`, name: role, role });
      const response = await org.api.post('/api/v1/api-keys', { name: 'k', userId: user.body.id });
      expect(response.status).toBe(403);
    }
  });

  it("answers 400 for a user id that is not the organization's", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const response = await b.api.post('/api/v1/api-keys', { name: 'k', userId: a.admin.id });
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty('userId');
  });

  it('revokes: the key gets 401 on its next request; revoking again is harmless', async () => {
    const org = await createOrganization();
    const created = await org.api.post('/api/v1/api-keys', { name: 'temp' });
    const temp = keyClient(created.body.apiKey);
    expect((await temp.get('/api/v1/work-items')).status).toBe(200);
    const revoked = await org.api.delete(`/api/v1/api-keys/${created.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.text).toBe('');
    const after = await temp.get('/api/v1/work-items');
    expect(after.status).toBe(401);
    expect(after.body.error).toBe('Unauthorized');
    expect((await org.api.delete(`/api/v1/api-keys/${created.body.id}`)).status).toBe(200);
    const listed = await org.api.get('/api/v1/api-keys');
    expect(listed.body.find((k: { id: string }) => k.id === created.body.id).revokedAt).toEqual(expect.any(String));
  });

  it("answers 404 for another organization's key and for ids that do not exist", async () => {
    const a = await createOrganization();
    const b = await createOrganization();
    const theirs = await a.api.post('/api/v1/api-keys', { name: 'theirs' });
    expect((await b.api.delete(`/api/v1/api-keys/${theirs.body.id}`)).status).toBe(404);
    expect((await b.api.delete('/api/v1/api-keys/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await b.api.delete('/api/v1/api-keys/not-a-uuid')).status).toBe(404);
    expect((await keyClient(theirs.body.apiKey).get('/api/v1/work-items')).status).toBe(200);
  });
});
