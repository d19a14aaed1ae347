import { hashApiKey } from '@pds/auth';
import { AuthContext, IdentitySubjects, Role } from '@pds/contracts';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { ApiKeyAuthenticator } from '../auth/api-key.authenticator';
import { GatewayModule } from '../gateway.module';
import { ApiKeyService } from './api-key.service';
import { OrganizationService, slugify } from './organization.service';
import { UserService } from './user.service';

describe('identity', () => {
  let ctx: TestContext;
  let admin: AuthContext;
  let adminKey: string;

  beforeAll(async () => {
    ctx = await createTestContext([GatewayModule.forRoot({ operatorToken: 'x'.repeat(16), rateLimitPerMinute: 100, apiKeyCacheTtlMs: 60_000 })]);
    const created = await ctx.app.get(OrganizationService).bootstrap({ name: 'Acme', adminEmail: 'ada@acme.io' });
    adminKey = created.apiKey;
    admin = await ctx.app.get(ApiKeyAuthenticator).authenticate(adminKey);
  });
  afterAll(() => ctx.close());

  it('bootstraps an organization with an ADMIN whose key authenticates', () => {
    expect(admin).toMatchObject({ role: Role.ADMIN, organizationId: expect.any(String), userId: expect.any(String) });
  });

  it('stores only the hash of a key', async () => {
    const rows = await ctx.db.sql.query<{ hash: string; prefix: string }>('SELECT hash, prefix FROM identity.api_keys');
    expect(rows.map((r) => r.hash)).toContain(hashApiKey(adminKey));
    expect(JSON.stringify(rows)).not.toContain(adminKey);
  });

  it('never gives a key more than its user', async () => {
    const users = ctx.app.get(UserService);
    const keys = ctx.app.get(ApiKeyService);
    const dev = await users.create(admin, { email: 'dev@acme.io', name: 'Dev', role: Role.DEV });
    await expect(keys.create(admin, { name: 'too much', userId: dev.id, role: Role.PM })).rejects.toMatchObject({ code: 'BadRequest' });
    const key = await keys.create(admin, { name: 'dev key', userId: dev.id });
    expect(key).toMatchObject({ role: Role.DEV, userId: dev.id, apiKey: expect.stringMatching(/^pos_sk_/) });
    const readOnly = await keys.create(admin, { name: 'read only', userId: dev.id, role: Role.GUEST });
    expect(readOnly.role).toBe(Role.GUEST);
  });

  it('refuses keys for STAKEHOLDER and GUEST users', async () => {
    const users = ctx.app.get(UserService);
    for (const role of [Role.STAKEHOLDER, Role.GUEST]) {
      const user = await users.create(admin, { email: `${role.toLowerCase()}@acme.io`, name: role, role });
      await expect(ctx.app.get(ApiKeyService).create(admin, { name: 'k', userId: user.id })).rejects.toMatchObject({ code: 'Forbidden' });
    }
  });

  it('rejects a duplicate email with 409', async () => {
    await expect(ctx.app.get(UserService).create(admin, { email: 'ada@acme.io', name: 'Again', role: Role.PM })).rejects.toMatchObject({
      code: 'Conflict',
    });
  });

  it('stops accepting a revoked key at once, on this and other replicas', async () => {
    const keys = ctx.app.get(ApiKeyService);
    const authenticator = ctx.app.get(ApiKeyAuthenticator);
    const created = await keys.create(admin, { name: 'short lived' });
    await expect(authenticator.authenticate(created.apiKey)).resolves.toMatchObject({ keyId: created.id });
    await expect(ctx.bus.request(IdentitySubjects.verifyApiKey, { keyHash: hashApiKey(created.apiKey) })).resolves.toMatchObject({
      keyId: created.id,
    });
    await keys.revoke(admin, created.id);
    await expect(authenticator.authenticate(created.apiKey)).rejects.toMatchObject({ code: 'Unauthorized' });
    const listed = await keys.list(admin, {});
    expect(listed.items.find((k) => k.id === created.id)?.revokedAt).toEqual(expect.any(String));
    expect(JSON.stringify(listed)).not.toContain(created.apiKey);
  });

  it('slugifies names for portal URLs', () => {
    expect(slugify('Äcme  Widgets, Inc.')).toBe('acme-widgets-inc');
    expect(slugify('!!!')).toBe('org');
  });
});
