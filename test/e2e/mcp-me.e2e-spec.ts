import { createMember, createOrganization, keyClient } from './support/client';
import { data, withKey } from './support/mcp';

describe('GET /api/v1/me and personal API keys', () => {
  it('returns the caller\'s user, role, organization and key; whoami returns the same', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const me = await dev.api.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { id: dev.user.id, role: 'DEV', email: dev.user.email },
      role: 'DEV',
      organization: { id: org.organization.id, name: org.organization.name },
      apiKey: { id: expect.any(String), prefix: expect.stringMatching(/^pos_sk_/) },
    });
    expect(JSON.stringify(me.body)).not.toContain('hash');
    const key = await dev.api.post('/api/v1/me/api-keys', { name: 'whoami agent' });
    const client = await withKey(key.body.apiKey);
    const whoami = await data(client, 'whoami');
    expect(whoami).toEqual({ ...me.body, apiKey: { id: key.body.id, name: 'whoami agent', prefix: key.body.prefix } });
    await client.close();
  });

  it.each(['ADMIN', 'PM', 'DEV'])('lets a %s create (shown once), list and revoke their own keys', async (role) => {
    const org = await createOrganization();
    const member = role === 'ADMIN' ? { api: org.api, user: org.admin } : await createMember(org, role);
    const created = await member.api.post('/api/v1/me/api-keys', { name: 'claude code' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'claude code', userId: member.user.id, role, revokedAt: null });
    expect(created.body.apiKey).toMatch(/^pos_sk_[A-Za-z0-9_-]{43}$/);
    const list = await member.api.get('/api/v1/me/api-keys');
    expect(list.status).toBe(200);
    expect(list.body.every((k: { userId: string }) => k.userId === member.user.id)).toBe(true);
    expect(list.body.find((k: { id: string }) => k.id === created.body.id)).toBeDefined();
    expect(JSON.stringify(list.body)).not.toContain(created.body.apiKey);
    expect((await keyClient(created.body.apiKey).get('/api/v1/me')).status).toBe(200);
    expect((await member.api.delete(`/api/v1/me/api-keys/${created.body.id}`)).status).toBe(200);
    expect((await keyClient(created.body.apiKey).get('/api/v1/me')).status).toBe(401);
    const after = await member.api.get('/api/v1/me/api-keys');
    expect(after.body.find((k: { id: string }) => k.id === created.body.id).revokedAt).toEqual(expect.any(String));
  });

  it('never issues a key above the caller\'s role', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const tooHigh = await dev.api.post('/api/v1/me/api-keys', { name: 'escalate', role: 'PM' });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.details).toHaveProperty('role');
    const lower = await dev.api.post('/api/v1/me/api-keys', { name: 'narrow', role: 'GUEST' });
    expect(lower.status).toBe(200);
    expect(lower.body.role).toBe('GUEST');
    // An ADMIN's key scoped down to DEV cannot mint an ADMIN key either.
    const scoped = await org.api.post('/api/v1/api-keys', { name: 'scoped', role: 'DEV' });
    const fromScoped = await keyClient(scoped.body.apiKey).post('/api/v1/me/api-keys', { name: 'back up', role: 'ADMIN' });
    expect(fromScoped.status).toBe(400);
  });

  it.each(['STAKEHOLDER', 'GUEST'])('answers 403 to %s', async (role) => {
    const org = await createOrganization();
    const member = await createMember(org, role);
    expect((await member.api.get('/api/v1/me')).status).toBe(200);
    expect((await member.api.get('/api/v1/me/api-keys')).status).toBe(403);
    expect((await member.api.post('/api/v1/me/api-keys', { name: 'nope' })).status).toBe(403);
  });

  it('treats another user\'s key as not found, and validates the body', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const pm = await createMember(org, 'PM');
    const pmKey = await pm.api.post('/api/v1/me/api-keys', { name: 'pm agent' });
    const denied = await dev.api.delete(`/api/v1/me/api-keys/${pmKey.body.id}`);
    expect(denied.status).toBe(404);
    expect((await keyClient(pmKey.body.apiKey).get('/api/v1/me')).status).toBe(200);
    const invalid = await dev.api.post('/api/v1/me/api-keys', { name: '', extra: true });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.details).sort()).toEqual(['extra', 'name']);
  });
});
