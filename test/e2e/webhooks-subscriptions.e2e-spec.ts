import { createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { DELIVERIES, Receiver, WEBHOOKS, createWebhook, webhookDeliveriesOf } from './support/receiver';
import { shapeViolations } from './support/shapes';
import { CREATED_WEBHOOK_SHAPE, WEBHOOK_SHAPE } from './support/shapes-webhooks';

const ALL_EVENTS = [
  'work_item.created',
  'work_item.updated',
  'work_item.status_changed',
  'ckr.created',
  'ckr.updated',
  'opportunity.created',
  'experiment.concluded',
  'intake.created',
  'changelog.published',
];
const TARGET = 'http://127.0.0.1:9/hook';

describe('webhook subscriptions', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
  });
  afterAll(() => receiver.stop());

  it('creates a subscription; the secret appears only in the creation response', async () => {
    const org = await createOrganization();
    const created = await org.api.post(WEBHOOKS, { url: receiver.url, events: ['work_item.created'], description: 'CI hook' });
    expect(created.status).toBe(200);
    expect(shapeViolations(created.body, CREATED_WEBHOOK_SHAPE)).toEqual([]);
    expect(created.body).toMatchObject({ url: receiver.url, description: 'CI hook', active: true, events: ['work_item.created'] });
    expect(created.body.secret).toMatch(/^whsec_/);

    const list = await org.api.get(WEBHOOKS);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(shapeViolations(list.body[0], WEBHOOK_SHAPE)).toEqual([]);
    expect(list.body[0]).not.toHaveProperty('secret');
    expect(list.text).not.toContain(created.body.secret);

    const patched = await org.api.patch(`${WEBHOOKS}/${created.body.id}`, { description: 'renamed' });
    expect(patched.body).not.toHaveProperty('secret');
  });

  it('accepts every contract event type, description of 200 and a url of 2048 characters; description defaults to null', async () => {
    const org = await createOrganization();
    const url = `${TARGET}?q=${'a'.repeat(2048 - TARGET.length - 3)}`;
    expect(url).toHaveLength(2048);
    const full = await org.api.post(WEBHOOKS, { url, events: ALL_EVENTS, description: 'd'.repeat(200) });
    expect(full.status).toBe(200);
    expect(full.body.events).toEqual(ALL_EVENTS);
    const bare = await org.api.post(WEBHOOKS, { url: 'https://hooks.example.com/x', events: ['ckr.created'] });
    expect(bare.status).toBe(200);
    expect(bare.body.description).toBeNull();
  });

  const badBodies: [string, object, string][] = [
    ['no events', { url: TARGET, events: [] }, 'events'],
    ['ten events', { url: TARGET, events: [...ALL_EVENTS, 'work_item.created'] }, 'events'],
    ['an unknown event', { url: TARGET, events: ['work_item.deleted'] }, 'events'],
    ['an internal event type', { url: TARGET, events: ['opportunity.updated'] }, 'events'],
    ['a duplicate event', { url: TARGET, events: ['ckr.created', 'ckr.created'] }, 'events'],
    ['events missing', { url: TARGET }, 'events'],
    ['a url of 2049 characters', { url: `${TARGET}?q=${'a'.repeat(2049 - TARGET.length - 3)}`, events: ['ckr.created'] }, 'url'],
    ['an ftp url', { url: 'ftp://example.com/hook', events: ['ckr.created'] }, 'url'],
    ['a url with credentials', { url: 'https://user:pass@example.com/hook', events: ['ckr.created'] }, 'url'],
    ['a relative url', { url: '/hook', events: ['ckr.created'] }, 'url'],
    ['url missing', { events: ['ckr.created'] }, 'url'],
    ['a description of 201 characters', { url: TARGET, events: ['ckr.created'], description: 'd'.repeat(201) }, 'description'],
    ['a null description', { url: TARGET, events: ['ckr.created'], description: null }, 'description'],
    ['an unknown field', { url: TARGET, events: ['ckr.created'], secret: 'mine' }, 'secret'],
  ];

  it.each(badBodies)('refuses %s with 400 and writes nothing', async (_name, body, field) => {
    const org = await createOrganization();
    const response = await org.api.post(WEBHOOKS, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('BadRequest');
    expect(response.body.details).toHaveProperty(field);
    expect((await org.api.get(WEBHOOKS)).body).toEqual([]);
  });

  it('updates url, events, description (nullable) and active', async () => {
    const org = await createOrganization();
    const hook = await createWebhook(org, receiver.url, ['work_item.created'], { description: 'first' });
    const response = await org.api.patch(`${WEBHOOKS}/${hook.id}`, {
      url: `${receiver.url}/v2`,
      events: ['work_item.updated', 'work_item.status_changed'],
      description: null,
      active: false,
    });
    expect(response.status).toBe(200);
    expect(shapeViolations(response.body, WEBHOOK_SHAPE)).toEqual([]);
    expect(response.body).toMatchObject({
      url: `${receiver.url}/v2`,
      events: ['work_item.updated', 'work_item.status_changed'],
      description: null,
      active: false,
    });
    expect(Date.parse(response.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(hook.updatedAt));
    const partial = await org.api.patch(`${WEBHOOKS}/${hook.id}`, { active: true });
    expect(partial.body).toMatchObject({ url: `${receiver.url}/v2`, active: true, description: null });
  });

  const badUpdates: [string, object, string][] = [
    ['no events', { events: [] }, 'events'],
    ['ten events', { events: [...ALL_EVENTS, 'ckr.created'] }, 'events'],
    ['an unknown event', { events: ['nope'] }, 'events'],
    ['a duplicate event', { events: ['ckr.created', 'ckr.created'] }, 'events'],
    ['an ftp url', { url: 'ftp://example.com/' }, 'url'],
    ['a url with credentials', { url: 'http://a:b@example.com/' }, 'url'],
    ['a null url', { url: null }, 'url'],
    ['a description of 201 characters', { description: 'x'.repeat(201) }, 'description'],
    ['a non-boolean active', { active: 'yes' }, 'active'],
  ];

  it.each(badUpdates)('refuses an update with %s and changes nothing', async (_name, body, field) => {
    const org = await createOrganization();
    const hook = await createWebhook(org, receiver.url, ['work_item.created'], { description: 'kept' });
    const response = await org.api.patch(`${WEBHOOKS}/${hook.id}`, body);
    expect(response.status).toBe(400);
    expect(response.body.details).toHaveProperty(field);
    const [stored] = (await org.api.get(WEBHOOKS)).body;
    expect(stored).toMatchObject({ url: receiver.url, events: ['work_item.created'], description: 'kept', active: true, updatedAt: hook.updatedAt });
  });

  it('deletes a subscription with an empty 200', async () => {
    const org = await createOrganization();
    const hook = await createWebhook(org, receiver.url);
    const response = await org.api.delete(`${WEBHOOKS}/${hook.id}`);
    expect(response.status).toBe(200);
    expect(response.text).toBe('');
    expect((await org.api.get(WEBHOOKS)).body).toEqual([]);
    expect((await org.api.delete(`${WEBHOOKS}/${hook.id}`)).status).toBe(404);
  });

  it('rotates the secret: a new one is returned once', async () => {
    const org = await createOrganization();
    const hook = await createWebhook(org, receiver.url);
    const rotated = await org.api.post(`${WEBHOOKS}/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(shapeViolations(rotated.body, CREATED_WEBHOOK_SHAPE)).toEqual([]);
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect((await org.api.get(WEBHOOKS)).text).not.toContain(rotated.body.secret);
  });

  it("isolates tenants: another organization's subscription is 404 on every {id} route", async () => {
    const owner = await createOrganization();
    const other = await createOrganization();
    const hook = await createWebhook(owner, receiver.url);
    expect((await other.api.patch(`${WEBHOOKS}/${hook.id}`, { description: 'mine now' })).status).toBe(404);
    expect((await other.api.delete(`${WEBHOOKS}/${hook.id}`)).status).toBe(404);
    expect((await other.api.post(`${WEBHOOKS}/${hook.id}/test`)).status).toBe(404);
    expect((await other.api.post(`${WEBHOOKS}/${hook.id}/rotate-secret`)).status).toBe(404);
    expect((await other.api.get(WEBHOOKS)).body).toEqual([]);
    expect((await owner.api.get(WEBHOOKS)).body[0].description).toBeNull();
    expect((await owner.api.patch(`${WEBHOOKS}/not-a-uuid`, { active: false })).status).toBe(404);
  });

  it('pages GET /webhooks like the other plain-array lists', async () => {
    const org = await createOrganization();
    const first = await createWebhook(org, `${receiver.url}/a`);
    const second = await createWebhook(org, `${receiver.url}/b`);
    const page = await org.api.get(`${WEBHOOKS}?limit=1`);
    expect(page.status).toBe(200);
    expect(page.body.map((w: { id: string }) => w.id)).toEqual([first.id]);
    const cursor = page.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await org.api.get(`${WEBHOOKS}?limit=1&cursor=${cursor}`);
    expect(next.body.map((w: { id: string }) => w.id)).toEqual([second.id]);
    expect((await org.api.get(`${WEBHOOKS}?limit=501`)).status).toBe(400);
    expect((await org.api.get(`${WEBHOOKS}?cursor=never-issued`)).status).toBe(400);
  });

  it('reads an empty ?cursor= as no cursor (the first page) on every list, the delivery log included', async () => {
    const org = await createOrganization();
    const hook = await createWebhook(org, `${receiver.url}/empty-cursor`);
    expect((await org.api.post('/api/v1/work-items', { title: 'Delivered', type: 'TASK' })).status).toBe(200);
    const [delivery] = await eventually(() => webhookDeliveriesOf(org, hook.id), { until: atLeast(1) });
    const deliveries = await org.api.get(`${DELIVERIES}?cursor=`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.data.map((d: { id: string }) => d.id)).toEqual([delivery.id]);
    expect(deliveries.body.nextCursor).toBeNull();
    for (const path of [WEBHOOKS, '/api/v1/work-items', '/api/v1/users', '/api/v1/api-keys', '/api/v1/labels']) {
      const [withEmpty, without] = [await org.api.get(`${path}?cursor=`), await org.api.get(path)];
      expect({ path, status: withEmpty.status, body: withEmpty.body }).toEqual({ path, status: 200, body: without.body });
    }
  });

  it('validates the delivery list query', async () => {
    const org = await createOrganization();
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'webhookId=nope', 'cursor=never-issued', 'unknown=1']) {
      const response = await org.api.get(`${DELIVERIES}?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body.details).toBeDefined();
    }
    const empty = await org.api.get(`${DELIVERIES}?limit=100`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], nextCursor: null });
  });
});
