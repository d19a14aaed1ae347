import { AuthFailures } from '@pds/edge';
import { randomBytes } from 'node:crypto';
import { hashApiKey } from '@pds/auth';
import { AuthContext, IdentitySubjects, Role } from '@pds/contracts';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { GatewayModule } from '../gateway.module';
import { ApiKeyService } from './api-key.service';
import { OrganizationService, slugify } from './organization.service';
import { OrganizationSettingsService } from './organization-settings.service';
import { UserService } from './user.service';

describe('identity', () => {
  let ctx: TestContext;
  let admin: AuthContext;
  let adminKey: string;

  beforeAll(async () => {
    ctx = await createTestContext([GatewayModule.forRoot({ operatorToken: 'x'.repeat(16), rateLimitPerMinute: 100, apiKeyCacheTtlMs: 60_000, authFailuresPerMinute: 3 })]);
    const created = await ctx.app.get(OrganizationService).bootstrap({ name: 'Acme', adminEmail: 'ada@acme.io' });
    adminKey = created.apiKey;
    admin = await ctx.app.get(ApiKeyAuthenticator).authenticate(adminKey, from('192.0.2.1'));
  });
  afterAll(() => ctx.close());

  /** An authentication attempt from `address`, as the guard makes it. */
  const from = (address: string) => ctx.app.get(AuthFailures).attempt(address, () => undefined);

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
    await expect(authenticator.authenticate(created.apiKey, from('192.0.2.1'))).resolves.toMatchObject({ keyId: created.id });
    await expect(ctx.bus.request(IdentitySubjects.verifyApiKey, { keyHash: hashApiKey(created.apiKey) })).resolves.toMatchObject({
      keyId: created.id,
    });
    await keys.revoke(admin, created.id);
    await expect(authenticator.authenticate(created.apiKey, from('192.0.2.1'))).rejects.toMatchObject({ code: 'Unauthorized' });
    const listed = await keys.list(admin, {});
    expect(listed.items.find((k) => k.id === created.id)?.revokedAt).toEqual(expect.any(String));
    expect(JSON.stringify(listed)).not.toContain(created.apiKey);
  });

  it('refuses lookups from an address after 3 failed authentications a minute, but not cached keys or other addresses', async () => {
    const authenticator = ctx.app.get(ApiKeyAuthenticator);
    const unknown = () => `pos_sk_${randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < 3; i += 1) await expect(authenticator.authenticate(unknown(), from('198.51.100.9'))).rejects.toMatchObject({ code: 'Unauthorized' });
    await expect(authenticator.authenticate(unknown(), from('198.51.100.9'))).rejects.toMatchObject({ code: 'TooManyRequests' });
    await expect(authenticator.authenticate('not-a-key', from('198.51.100.9'))).rejects.toMatchObject({ code: 'TooManyRequests' });
    // A key verified and cached before still works from there; a key not cached yet waits.
    await expect(authenticator.authenticate(adminKey, from('198.51.100.9'))).resolves.toMatchObject({ role: Role.ADMIN });
    const fresh = await ctx.app.get(ApiKeyService).create(admin, { name: 'fresh' });
    await expect(authenticator.authenticate(fresh.apiKey, from('198.51.100.9'))).rejects.toMatchObject({ code: 'TooManyRequests' });
    await expect(authenticator.authenticate(unknown(), from('198.51.100.10'))).rejects.toMatchObject({ code: 'Unauthorized' });
    await expect(authenticator.authenticate(fresh.apiKey, from('198.51.100.10'))).resolves.toMatchObject({ keyId: fresh.id });
  });

  it("keeps a portal's settings by slug until they change here or another replica says so", async () => {
    const settings = ctx.app.get(OrganizationSettingsService);
    const heard: unknown[] = [];
    ctx.bus.onBroadcast(IdentitySubjects.portalChanged, (message) => heard.push(message));
    const { slug } = await settings.update(admin, { portalEnabled: true, portalAccentColor: '#112233' });
    expect(heard).toEqual([{ slug }]);
    await expect(settings.portalBrand(slug.toUpperCase())).resolves.toMatchObject({ organizationId: admin.organizationId, accentColor: '#112233' });

    // Changed behind this replica's back (as another replica would): still the remembered settings,
    // until the other replica's broadcast arrives.
    await ctx.db.sql.query('UPDATE identity.organizations SET portal_enabled = false WHERE id = $1::uuid', [admin.organizationId]);
    await expect(settings.portalBrand(slug)).resolves.toMatchObject({ organizationId: admin.organizationId });
    ctx.bus.broadcast(IdentitySubjects.portalChanged, { slug });
    await ctx.bus.flush();
    await expect(settings.portalBrand(slug)).rejects.toMatchObject({ code: 'NotFound' });
    expect(await settings.portalOrigins(slug)).toEqual([]);

    // Turned on and off here: the change shows at once, and the other replicas are told before the answer.
    await settings.update(admin, { portalEnabled: true });
    await expect(settings.portalBrand(slug)).resolves.toMatchObject({ accentColor: '#112233' });
    await settings.update(admin, { portalEnabled: false });
    await expect(settings.portalBrand(slug)).rejects.toMatchObject({ code: 'NotFound' });
    expect(heard).toEqual([{ slug }, { slug }, { slug }, { slug }]);
  });

  it('slugifies names for portal URLs', () => {
    expect(slugify('Äcme  Widgets, Inc.')).toBe('acme-widgets-inc');
    expect(slugify('!!!')).toBe('org');
  });
});
