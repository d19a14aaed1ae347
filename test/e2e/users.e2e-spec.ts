/* People: reading and changing users, offboarding, and the last active ADMIN. */
import { randomBytes } from 'node:crypto';
import { ApiClient, Json, TestOrganization, createOrganization, keyClient } from './support/client';
import { INITIALIZE, rawMcp, withKey } from './support/mcp';
import { Replica, startGatewayReplica } from './support/replicas';
import { ERROR_SHAPE, shapeViolations } from './support/shapes';
import { stackInfo } from './support/stack-info';

const USER_SHAPE = { id: 'uuid', email: 'string', name: 'string', role: 'string', active: 'boolean', createdAt: 'timestamp' } as const;

/** A user of `org` with the role and a key at the user's role. */
async function member(org: TestOrganization, role: string): Promise<{ user: Json; apiKey: string; api: ApiClient }> {
  const user = await org.api.post('/api/v1/users', { email: `${role.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`, name: `${role} person`, role });
  expect(user.status).toBe(200);
  const key = await org.api.post('/api/v1/api-keys', { name: `${role} key`, userId: user.body.id });
  expect(key.status).toBe(200);
  return { user: user.body, apiKey: key.body.apiKey, api: keyClient(key.body.apiKey) };
}

async function toolNames(apiKey: string): Promise<string[]> {
  const client = await withKey(apiKey);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

const mcpStatus = async (apiKey: string) => (await rawMcp('POST', { 'x-api-key': apiKey }, INITIALIZE)).status;

describe('users: read and change', () => {
  let org: TestOrganization;
  beforeAll(async () => {
    org = await createOrganization();
  });

  it('reads a user with active and deactivatedAt, renames and changes the role', async () => {
    const { user } = await member(org, 'DEV');
    const read = await org.api.get(`/api/v1/users/${user.id}`);
    expect(read.status).toBe(200);
    expect(shapeViolations(read.body, USER_SHAPE)).toEqual([]);
    expect(read.body).toMatchObject({ id: user.id, role: 'DEV', active: true, deactivatedAt: null });

    const renamed = await org.api.patch(`/api/v1/users/${user.id}`, { name: '  Renamed  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', role: 'DEV', email: user.email });
    const promoted = await org.api.patch(`/api/v1/users/${user.id}`, { role: 'PM' });
    expect(promoted.body).toMatchObject({ name: 'Renamed', role: 'PM' });
    expect((await org.api.get(`/api/v1/users/${user.id}`)).body).toMatchObject({ name: 'Renamed', role: 'PM' });
    const listed = await org.api.get('/api/v1/users');
    expect(listed.body.find((u: Json) => u.id === user.id)).toMatchObject({ role: 'PM', active: true, deactivatedAt: null });
  });

  it.each([
    ['an unknown role', { role: 'OWNER' }, 'role'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a null role', { role: null }, 'role'],
    ['an email (not changeable)', { email: 'new@example.com' }, 'email'],
  ])('answers 400 to %s', async (_label, body, field) => {
    const { user } = await member(org, 'DEV');
    const response = await org.api.patch(`/api/v1/users/${user.id}`, body);
    expect(response.status).toBe(400);
    expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
    expect(Object.keys(response.body.details)).toEqual([field]);
  });

  it("answers 404 for another organization's user, an unknown id and a non-uuid, on every route", async () => {
    const other = await createOrganization();
    for (const id of [other.admin.id, '00000000-0000-4000-8000-000000000000', 'nobody']) {
      for (const response of [
        await org.api.get(`/api/v1/users/${id}`),
        await org.api.patch(`/api/v1/users/${id}`, { name: 'x' }),
        await org.api.post(`/api/v1/users/${id}/deactivate`),
        await org.api.post(`/api/v1/users/${id}/reactivate`),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.error).toBe('NotFound');
      }
    }
    expect((await other.api.get(`/api/v1/users/${other.admin.id}`)).body.active).toBe(true);
  });
});

describe('users: role changes take effect on the next request', () => {
  it('on REST and in the MCP tool list, up and down', async () => {
    const org = await createOrganization();
    const dev = await member(org, 'DEV');
    expect((await dev.api.post('/api/v1/opportunities', { title: 'Not yet' })).status).toBe(403);
    const devTools = await toolNames(dev.apiKey);
    expect(devTools).not.toContain('save_discovery_record');

    expect((await org.api.patch(`/api/v1/users/${dev.user.id}`, { role: 'PM' })).status).toBe(200);
    expect((await dev.api.get('/api/v1/me')).body).toMatchObject({ role: 'PM', user: { role: 'PM' } });
    expect((await dev.api.post('/api/v1/opportunities', { title: 'Now allowed' })).status).toBe(200);
    expect(await toolNames(dev.apiKey)).toEqual([...devTools, 'save_discovery_record'].sort());
    const keys = await org.api.get('/api/v1/api-keys');
    expect(keys.body.filter((k: Json) => k.userId === dev.user.id).map((k: Json) => k.role)).toEqual(['PM']);

    expect((await org.api.patch(`/api/v1/users/${dev.user.id}`, { role: 'DEV' })).status).toBe(200);
    expect((await dev.api.post('/api/v1/opportunities', { title: 'Not again' })).status).toBe(403);
    expect(await toolNames(dev.apiKey)).toEqual(devTools);

    // STAKEHOLDER and GUEST hold no keys: the demotion revokes them.
    expect((await org.api.patch(`/api/v1/users/${dev.user.id}`, { role: 'GUEST' })).status).toBe(200);
    expect((await dev.api.get('/api/v1/me')).status).toBe(401);
    expect(await mcpStatus(dev.apiKey)).toBe(401);
  });
});

describe('users: deactivation', () => {
  let replica: Replica | undefined;
  beforeAll(async () => {
    // Only the distributed run shares data between gateway replicas.
    if (stackInfo().mode === 'distributed') replica = await startGatewayReplica();
  });
  afterAll(() => replica?.stop());

  it("refuses the user's REST and MCP keys on the next request, on every replica; reactivation does not revive them", async () => {
    const org = await createOrganization();
    const dev = await member(org, 'DEV');
    const personal = await dev.api.post('/api/v1/me/api-keys', { name: 'agent' });
    expect(personal.status).toBe(200);
    const item = await dev.api.post('/api/v1/work-items', { title: 'Made by the leaver', type: 'TASK' });
    expect(item.status).toBe(200);
    const clients = [dev.api, ...(replica ? [keyClient(dev.apiKey, replica.url)] : [])];
    // Warm every cache, so that only the broadcast can make the next request fail.
    for (const client of clients) expect((await client.get('/api/v1/me')).status).toBe(200);
    expect(await mcpStatus(personal.body.apiKey)).toBe(200);

    const deactivated = await org.api.post(`/api/v1/users/${dev.user.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ id: dev.user.id, active: false, deactivatedAt: expect.any(String), name: dev.user.name });
    for (const client of clients) {
      const refused = await client.get('/api/v1/me');
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('Unauthorized');
    }
    expect(await mcpStatus(dev.apiKey)).toBe(401);
    expect(await mcpStatus(personal.body.apiKey)).toBe(401);
    const keys = (await org.api.get('/api/v1/api-keys')).body.filter((k: Json) => k.userId === dev.user.id);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key.revokedAt).toEqual(expect.any(String));

    // Idempotent: the same answer again; no new key while deactivated.
    const again = await org.api.post(`/api/v1/users/${dev.user.id}/deactivate`);
    expect(again.body).toEqual(deactivated.body);
    const refusedKey = await org.api.post('/api/v1/api-keys', { name: 'while away', userId: dev.user.id });
    expect(refusedKey.status).toBe(409);
    expect(shapeViolations(refusedKey.body, ERROR_SHAPE)).toEqual([]);

    // Their name stays on what they made.
    expect((await org.api.get(`/api/v1/work-items/${item.body.id}`)).body).toMatchObject({ title: 'Made by the leaver' });
    expect((await org.api.get(`/api/v1/users/${dev.user.id}`)).body).toMatchObject({ name: dev.user.name, active: false });

    const reactivated = await org.api.post(`/api/v1/users/${dev.user.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ active: true, deactivatedAt: null });
    expect((await org.api.post(`/api/v1/users/${dev.user.id}/reactivate`)).body).toEqual(reactivated.body);
    for (const client of clients) expect((await client.get('/api/v1/me')).status).toBe(401);
    expect(await mcpStatus(personal.body.apiKey)).toBe(401);
    const fresh = await org.api.post('/api/v1/api-keys', { name: 'back', userId: dev.user.id });
    expect(fresh.status).toBe(200);
    expect((await keyClient(fresh.body.apiKey).get('/api/v1/me')).body).toMatchObject({ user: { id: dev.user.id, active: true } });
  });
});

describe('users: the last active ADMIN', () => {
  it('cannot be demoted or deactivated (409), also by two concurrent requests', async () => {
    const org = await createOrganization();
    for (const response of [
      await org.api.patch(`/api/v1/users/${org.admin.id}`, { role: 'PM' }),
      await org.api.post(`/api/v1/users/${org.admin.id}/deactivate`),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('Conflict');
      expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
    }
    // Renaming the last ADMIN, or "changing" the role to ADMIN, is fine.
    expect((await org.api.patch(`/api/v1/users/${org.admin.id}`, { name: 'Still here', role: 'ADMIN' })).status).toBe(200);

    const second = await member(org, 'ADMIN');
    // Each ADMIN demotes the other at the same time. The loser is refused: 409 when both passed
    // authentication first, else 403 (its key was just demoted). Never are both demoted.
    const results = await Promise.all([
      org.api.patch(`/api/v1/users/${second.user.id}`, { role: 'DEV' }),
      second.api.patch(`/api/v1/users/${org.admin.id}`, { role: 'DEV' }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const survivor = results[0].status === 200 ? org.api : second.api;
    const admins = (await survivor.get('/api/v1/users')).body.filter((u: Json) => u.role === 'ADMIN' && u.active);
    expect(admins).toHaveLength(1);
  });
});

describe('users: a deactivated user takes no new work', () => {
  it('is refused (400 naming the field) as assignee, product manager, owner and intake assignee; what was assigned stays', async () => {
    const org = await createOrganization();
    const leaver = await member(org, 'DEV');
    const assigned = await org.api.post('/api/v1/work-items', { title: 'Assigned before', type: 'TASK', assigneeId: leaver.user.id });
    expect(assigned.status).toBe(200);
    expect((await org.api.post(`/api/v1/users/${leaver.user.id}/deactivate`)).status).toBe(200);

    const refusals = [
      [await org.api.post('/api/v1/work-items', { title: 'New work', type: 'TASK', assigneeId: leaver.user.id }), 'assigneeId'],
      [await org.api.post('/api/v1/work-items', { title: 'New work', type: 'TASK', productManagerId: leaver.user.id }), 'productManagerId'],
      [await org.api.patch(`/api/v1/work-items/${assigned.body.id}`, { title: 'Renamed', productManagerId: leaver.user.id }), 'productManagerId'],
      [await org.api.post('/api/v1/opportunities', { title: 'Owned by the leaver', ownerId: leaver.user.id }), 'ownerId'],
      [await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Assigned to the leaver', assigneeId: leaver.user.id }), 'assigneeId'],
    ] as const;
    for (const [response, field] of refusals) {
      expect(response.status).toBe(400);
      expect(shapeViolations(response.body, ERROR_SHAPE)).toEqual([]);
      expect(response.body.details).toEqual({ [field]: [`deactivated user: ${leaver.user.id}`] });
    }
    expect((await org.api.get('/api/v1/work-items/' + assigned.body.id)).body).toMatchObject({ title: 'Assigned before', assigneeId: leaver.user.id });
    expect((await org.api.get('/api/v1/opportunities?limit=500')).body).toEqual([]);

    // Naming them is not giving them work: a reporter or a mention stays possible, and other changes of the item too.
    const reported = await org.api.post('/api/v1/work-items', { title: 'Reported by the leaver', type: 'BUG', reporterId: leaver.user.id, mentionedUserIds: [leaver.user.id] });
    expect(reported.status).toBe(200);
    expect((await org.api.patch(`/api/v1/work-items/${assigned.body.id}`, { title: 'Still theirs' })).body).toMatchObject({ assigneeId: leaver.user.id });

    // Reactivated, they take work again.
    expect((await org.api.post(`/api/v1/users/${leaver.user.id}/reactivate`)).status).toBe(200);
    expect((await org.api.post('/api/v1/work-items', { title: 'Welcome back', type: 'TASK', assigneeId: leaver.user.id })).status).toBe(200);
  });
});

describe('users: a revocation reaches the other processes before it is answered', () => {
  let replica: Replica | undefined;
  beforeAll(async () => {
    if (stackInfo().mode === 'distributed') replica = await startGatewayReplica();
  });
  afterAll(() => replica?.stop());

  // Standalone has one process: there the same request checks the in-process broadcast.
  it('revoking a key on one gateway refuses it at once on the MCP server, a different process', async () => {
    const org = await createOrganization();
    const gateway = replica?.url ?? stackInfo().apiUrl;
    for (let round = 0; round < 5; round++) {
      const key = await org.api.post('/api/v1/api-keys', { name: `agent ${round}`, userId: org.admin.id, role: 'DEV' });
      expect(key.status).toBe(200);
      // Cached by the MCP server (and the replica) first: only the broadcast can refuse it now.
      expect(await mcpStatus(key.body.apiKey)).toBe(200);
      const revoked = await keyClient(org.apiKey, gateway).delete(`/api/v1/api-keys/${key.body.id}`);
      expect(revoked.status).toBe(200);
      expect(await mcpStatus(key.body.apiKey)).toBe(401);
    }
  });
});
