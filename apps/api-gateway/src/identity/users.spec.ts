import { AuthFailures } from '@pds/edge';
import { hashApiKey } from '@pds/auth';
import { AuthContext, IdentitySubjects, Role } from '@pds/contracts';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { GatewayModule } from '../gateway.module';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { ApiKeyService } from './api-key.service';
import { OrganizationService } from './organization.service';
import { UserNameRepository } from './user-name.repository';
import { UserService } from './user.service';
import { assertAdminRemains, keyRoleChange } from './user-rules';

describe('user rules', () => {
  it('moves the keys at the user\'s role with it, and lowers the keys above the new role', () => {
    expect(keyRoleChange(Role.DEV, Role.PM)).toEqual({ revokeAll: false, from: [Role.DEV, Role.ADMIN] });
    expect(keyRoleChange(Role.ADMIN, Role.DEV)).toEqual({ revokeAll: false, from: [Role.ADMIN, Role.PM] });
    expect(keyRoleChange(Role.PM, Role.PM)).toEqual({ revokeAll: false, from: [] });
  });

  it('revokes every key when the new role may hold none', () => {
    expect(keyRoleChange(Role.DEV, Role.GUEST)).toEqual({ revokeAll: true, from: [] });
    expect(keyRoleChange(Role.ADMIN, Role.STAKEHOLDER)).toEqual({ revokeAll: true, from: [] });
  });

  it('refuses to demote or deactivate the last active ADMIN, and only that', () => {
    const admin = { id: 'a', role: Role.ADMIN, active: true };
    expect(() => assertAdminRemains(admin, { role: Role.PM }, 1)).toThrow(expect.objectContaining({ code: 'Conflict' }));
    expect(() => assertAdminRemains(admin, { active: false }, 1)).toThrow(expect.objectContaining({ code: 'Conflict' }));
    expect(() => assertAdminRemains(admin, { role: Role.PM }, 2)).not.toThrow();
    expect(() => assertAdminRemains(admin, { role: Role.ADMIN }, 1)).not.toThrow();
    expect(() => assertAdminRemains({ ...admin, role: Role.PM }, { active: false }, 1)).not.toThrow();
    expect(() => assertAdminRemains({ ...admin, active: false }, { role: Role.DEV }, 1)).not.toThrow();
  });
});

describe('users', () => {
  let ctx: TestContext;
  let admin: AuthContext;
  let users: UserService;
  let keys: ApiKeyService;
  let n = 0;

  beforeAll(async () => {
    // A long TTL: only the eviction can make a change visible within the test.
    ctx = await createTestContext([GatewayModule.forRoot({ operatorToken: 'x'.repeat(16), rateLimitPerMinute: 1000, apiKeyCacheTtlMs: 60_000 })]);
    const created = await ctx.app.get(OrganizationService).bootstrap({ name: 'Acme', adminEmail: 'ada@acme.io' });
    users = ctx.app.get(UserService);
    keys = ctx.app.get(ApiKeyService);
    admin = await authenticate(created.apiKey);
  });
  afterAll(() => ctx.close());

  const authenticate = (key: string) => ctx.app.get(ApiKeyAuthenticator).authenticate(key, ctx.app.get(AuthFailures).attempt('192.0.2.7', () => undefined));
  const newUser = (role: Role) => users.create(admin, { email: `u${++n}@acme.io`, name: `User ${n}`, role });

  it('deactivates a user: their cached keys stop at once, here and over the bus, and stay revoked after reactivation', async () => {
    const dev = await newUser(Role.DEV);
    const key = await keys.create(admin, { name: 'dev', userId: dev.id });
    await authenticate(key.apiKey);
    await expect(ctx.bus.request(IdentitySubjects.verifyApiKey, { keyHash: hashApiKey(key.apiKey) })).resolves.toMatchObject({ keyId: key.id });

    const deactivated = await users.deactivate(admin, dev.id);
    expect(deactivated).toMatchObject({ id: dev.id, active: false, deactivatedAt: expect.any(String), name: dev.name });
    await expect(authenticate(key.apiKey)).rejects.toMatchObject({ code: 'Unauthorized' });
    await expect(ctx.bus.request(IdentitySubjects.verifyApiKey, { keyHash: hashApiKey(key.apiKey) })).resolves.toBeNull();
    await expect(users.deactivate(admin, dev.id)).resolves.toEqual(deactivated);
    await expect(keys.create(admin, { name: 'again', userId: dev.id })).rejects.toMatchObject({ code: 'Conflict' });

    const reactivated = await users.reactivate(admin, dev.id);
    expect(reactivated).toMatchObject({ active: true, deactivatedAt: null });
    await expect(authenticate(key.apiKey)).rejects.toMatchObject({ code: 'Unauthorized' });
    const listed = await keys.list(admin, { limit: 100 });
    expect(listed.items.find((k) => k.id === key.id)?.revokedAt).toEqual(expect.any(String));
    const fresh = await keys.create(admin, { name: 'new', userId: dev.id });
    await expect(authenticate(fresh.apiKey)).resolves.toMatchObject({ userId: dev.id, role: Role.DEV });
  });

  it('applies a role change to the next request: full-role keys follow, scoped keys stay below', async () => {
    const dev = await newUser(Role.DEV);
    const full = await keys.create(admin, { name: 'full', userId: dev.id });
    const scoped = await keys.create(admin, { name: 'scoped', userId: dev.id, role: Role.GUEST });
    await authenticate(full.apiKey);

    await expect(users.update(admin, dev.id, { role: Role.PM })).resolves.toMatchObject({ role: Role.PM });
    await expect(authenticate(full.apiKey)).resolves.toMatchObject({ role: Role.PM });
    await expect(authenticate(scoped.apiKey)).resolves.toMatchObject({ role: Role.GUEST });

    await users.update(admin, dev.id, { role: Role.GUEST });
    await expect(authenticate(full.apiKey)).rejects.toMatchObject({ code: 'Unauthorized' });
    await expect(authenticate(scoped.apiKey)).rejects.toMatchObject({ code: 'Unauthorized' });
  });

  it('renames without touching the role, and answers 404 for unknown ids', async () => {
    const pm = await newUser(Role.PM);
    await expect(users.update(admin, pm.id, { name: 'Renamed' })).resolves.toMatchObject({ name: 'Renamed', role: Role.PM });
    await expect(users.get(admin, pm.id)).resolves.toMatchObject({ name: 'Renamed', active: true, deactivatedAt: null });
    await expect(users.get(admin, 'not-a-uuid')).rejects.toMatchObject({ code: 'NotFound' });
    await expect(users.deactivate(admin, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('names users by id as they are named now, only within the organization', async () => {
    const pm = await newUser(Role.PM);
    const other = await ctx.app.get(OrganizationService).bootstrap({ name: 'Other', adminEmail: 'eve@other.io', adminName: 'Eve' });
    const otherAdmin = await authenticate(other.apiKey);
    const names = ctx.app.get(UserNameRepository);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(names.names(admin.organizationId, [pm.id, otherAdmin.userId, unknown])).resolves.toEqual(new Map([[pm.id, pm.name]]));
    await users.update(admin, pm.id, { name: 'Named again' });
    await expect(names.names(admin.organizationId, [pm.id])).resolves.toEqual(new Map([[pm.id, 'Named again']]));
    await expect(names.names(admin.organizationId, [])).resolves.toEqual(new Map());
  });

  it('keeps one active ADMIN: of two concurrent demotions of the last two, one is refused with 409', async () => {
    await expect(users.deactivate(admin, admin.userId)).rejects.toMatchObject({ code: 'Conflict' });
    await expect(users.update(admin, admin.userId, { role: Role.PM })).rejects.toMatchObject({ code: 'Conflict' });
    const second = await newUser(Role.ADMIN);
    const results = await Promise.allSettled([users.update(admin, admin.userId, { role: Role.PM }), users.deactivate(admin, second.id)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'Conflict' } });
    const all = await users.list(admin, { limit: 100 });
    expect(all.items.filter((u) => u.role === Role.ADMIN && u.active)).toHaveLength(1);
  });
});
