import { AuthContext, Role, WebhookSubjects } from '@pds/contracts';
import { TestContext, createTestContext } from '@pds/runtime/testing';
import { randomUUID } from 'node:crypto';
import { WebhookSettings, dispatcherOptionsFrom } from '../common/dispatcher.options';
import { generateSecretKey } from '../security/secret-box';
import { SSRF_URLS } from '../security/ssrf-forms.fixture';
import { WebhookDispatcherModule } from '../webhook-dispatcher.module';

describe('webhook subscriptions (SSRF at create/update, secrets at rest)', () => {
  let ctx: TestContext;
  const auth: AuthContext = { organizationId: randomUUID(), userId: randomUUID(), role: Role.ADMIN, keyId: randomUUID() };
  const create = (url: string) => ctx.bus.request(WebhookSubjects.create, { auth, body: { url, events: ['work_item.created'] } });

  beforeAll(async () => {
    const settings = Object.assign(new WebhookSettings(), { WEBHOOK_ALLOW_PRIVATE_TARGETS: false });
    ctx = await createTestContext([WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(settings, generateSecretKey()))]);
  });
  afterAll(() => ctx.close());

  it.each(SSRF_URLS)('refuses %s with 400 naming the reason and writes nothing', async (url) => {
    await expect(create(url)).rejects.toMatchObject({ status: 400, details: { url: [expect.stringMatching(/not allowed/)] } });
    const [{ count }] = await ctx.db.sql.query<{ count: number }>('SELECT count(*)::int AS count FROM webhooks.subscriptions');
    expect(count).toBe(0);
  });

  it('refuses a private url on update and keeps the stored one', async () => {
    const hook = await create('https://93.184.216.34/hook');
    await expect(ctx.bus.request(WebhookSubjects.update, { auth, id: hook.id, body: { url: 'http://[::1]:8080/' } })).rejects.toMatchObject({ status: 400 });
    const [row] = await ctx.db.sql.query<{ url: string }>('SELECT url FROM webhooks.subscriptions WHERE id = $1', [hook.id]);
    expect(row.url).toBe('https://93.184.216.34/hook');
  });

  it('keeps the secret encrypted at rest', async () => {
    const hook = await create('https://93.184.216.34/other');
    const [row] = await ctx.db.sql.query<Record<string, unknown>>('SELECT * FROM webhooks.subscriptions WHERE id = $1', [hook.id]);
    expect(JSON.stringify(row)).not.toContain(hook.secret);
    expect(JSON.stringify(row)).not.toContain(hook.secret.slice(6));
  });
});
