import { transformSync } from '@swc/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../tools/stack';
import { ApiClient, ApiResponse, TestOrganization, createMember, createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { Receiver, createWebhook } from './support/receiver';
import { stackInfo } from './support/stack-info';

type CatchUp = (base: string, apiKey: string, lastId: string | null, since: string, handle: (event: { id: string }) => Promise<void>) => Promise<string | null>;

/** The `catchUp` function of docs/webhooks.md as the file stands: readers copy it. */
function documentedCatchUp(): CatchUp {
  const markdown = readFileSync(path.join(repoRoot, 'docs/webhooks.md'), 'utf8');
  const snippet = /## Catching up after an outage[^]*?```ts\n([^]*?)```/.exec(markdown)?.[1];
  if (!snippet) throw new Error('docs/webhooks.md has no TypeScript snippet under "Catching up after an outage"');
  const code = transformSync(snippet, { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }).code;
  const module = { exports: {} as { catchUp?: CatchUp } };
  new Function('module', 'exports', code)(module, module.exports);
  if (!module.exports.catchUp) throw new Error('the snippet exports no catchUp');
  return module.exports.catchUp;
}

const EVENTS = '/api/v1/events';
const WORK_ITEMS = '/api/v1/work-items';

/** Every page of `GET /events` with `query`, following X-Next-Cursor: the items and each page's raw text. */
async function allPages(api: ApiClient, query: string): Promise<{ items: { id: string; event: string }[]; pages: string[] }> {
  const items: { id: string; event: string }[] = [];
  const pages: string[] = [];
  let url: string | null = `${EVENTS}${query}`;
  while (url) {
    const page: ApiResponse = await api.get(url);
    expect(page.status).toBe(200);
    items.push(...page.body);
    pages.push(page.text);
    const cursor: string | null = page.headers.get('x-next-cursor');
    if (cursor) expect(page.headers.get('link')).toContain('rel="next"');
    url = cursor ? `${EVENTS}${query}${query ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : null;
  }
  return { items, pages };
}

/** Waits until the organization's event log holds `count` events (the fan-out stores them asynchronously). */
const logged = (org: TestOrganization, count: number, query = '') =>
  eventually(async () => (await org.api.get(`${EVENTS}${query}`)).body as { id: string; event: string; data: Record<string, unknown> }[], {
    until: atLeast(count),
    what: `${count} events in the log`,
  });

describe('events catch-up (GET /events)', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
  });
  afterAll(() => receiver.stop());

  it('answers exactly the envelopes a webhook receiver got, byte for byte, oldest first', async () => {
    const org = await createOrganization();
    const path = `/catch-up-${Math.random().toString(36).slice(2)}`;
    const types = ['work_item.created', 'work_item.updated', 'work_item.status_changed'];
    await createWebhook(org, `${receiver.url}${path}`, types);
    // One after another through one context: the log keeps that order (docs/decisions.md, event
    // order), the PATCH's two events included.
    const first = await org.api.post(WORK_ITEMS, { title: 'First', type: 'TASK' });
    const second = await org.api.post(WORK_ITEMS, { title: 'Second', type: 'BUG' });
    await org.api.patch(`${WORK_ITEMS}/${first.body.id}`, { status: 'IN_PROGRESS' });

    const received = await eventually(() => receiver.received((r) => r.path === path), { until: atLeast(4) });
    const listed = await logged(org, 4, `?type=${types.join(',')}`);
    const page = await org.api.get(`${EVENTS}?type=${types.join(',')}`);
    // The page is the stored bodies joined: the same bytes as the deliveries, in the log's order.
    const rawById = new Map(received.map((r) => [r.body.id as string, r.raw.toString('utf8')]));
    expect(page.text).toBe(`[${listed.map((e) => rawById.get(e.id)).join(',')}]`);
    expect(listed.map((e) => [e.event, e.data.id])).toEqual([
      ['work_item.created', first.body.id],
      ['work_item.created', second.body.id],
      ['work_item.updated', first.body.id],
      ['work_item.status_changed', first.body.id],
    ]);
    const times = listed.map((e) => (e as unknown as { createdAt: string }).createdAt);
    expect([...times].sort()).toEqual(times);
  });

  it('keeps every event whether or not a subscription exists, intake without contact data', async () => {
    const org = await createOrganization();
    const item = await org.api.post(WORK_ITEMS, { title: 'Unwatched', type: 'TASK' });
    const intake = await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Nobody listens' });
    const events = await logged(org, 2);
    expect(events.map((e) => [e.event, e.data.id])).toEqual([
      ['work_item.created', item.body.id],
      ['intake.created', intake.body.id],
    ]);
    expect(events[1].data).not.toHaveProperty('submitterEmail');
    expect(events[1].data).not.toHaveProperty('submitterName');
    expect(events.every((e) => (e as unknown as { organizationId: string }).organizationId === org.organization.id)).toBe(true);
  });

  it('filters by type and since; an unknown type or a bad time is 400', async () => {
    const org = await createOrganization();
    const item = await org.api.post(WORK_ITEMS, { title: 'Filtered', type: 'TASK' });
    await org.api.patch(`${WORK_ITEMS}/${item.body.id}`, { title: 'Filtered twice' });
    await logged(org, 2);
    expect((await org.api.get(`${EVENTS}?type=work_item.updated`)).body.map((e: { event: string }) => e.event)).toEqual(['work_item.updated']);
    expect((await org.api.get(`${EVENTS}?type=work_item.updated&type=work_item.created`)).body).toHaveLength(2);
    expect((await org.api.get(`${EVENTS}?since=2999-01-01T00:00:00.000Z`)).body).toEqual([]);
    expect((await org.api.get(`${EVENTS}?since=${encodeURIComponent(item.body.createdAt)}`)).body).toHaveLength(2);
    const unknown = await org.api.get(`${EVENTS}?type=work_item.exploded`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toHaveProperty('type');
    expect((await org.api.get(`${EVENTS}?since=yesterday`)).status).toBe(400);
  });

  it('pages oldest first without gaps or repeats; after=<event id> resumes like a cursor', async () => {
    const org = await createOrganization();
    for (let i = 0; i < 5; i++) await org.api.post(WORK_ITEMS, { title: `Paged ${i}`, type: 'TASK' });
    const all = await logged(org, 5);
    const paged = await allPages(org.api, '?limit=2');
    expect(paged.pages).toHaveLength(3);
    expect(paged.items.map((e) => e.id)).toEqual(all.map((e) => e.id));

    expect((await org.api.get(`${EVENTS}?after=${all[1].id}`)).body.map((e: { id: string }) => e.id)).toEqual(all.slice(2).map((e) => e.id));
    expect((await org.api.get(`${EVENTS}?after=${all[4].id}`)).body).toEqual([]);
    const limited = await org.api.get(`${EVENTS}?after=${all[0].id}&limit=1`);
    expect(limited.body.map((e: { id: string }) => e.id)).toEqual([all[1].id]);
    const next = await org.api.get(`${EVENTS}?limit=1&cursor=${encodeURIComponent(limited.headers.get('x-next-cursor') ?? '')}`);
    expect(next.body.map((e: { id: string }) => e.id)).toEqual([all[2].id]);

    const unknown = await org.api.get(`${EVENTS}?after=00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'BadRequest', details: { after: expect.any(Array) } });
    expect((await org.api.get(`${EVENTS}?after=not-an-id`)).status).toBe(400);
    expect((await org.api.get(`${EVENTS}?cursor=bm9wZQ`)).status).toBe(400);
    expect((await org.api.get(`${EVENTS}?limit=0`)).status).toBe(400);
  });

  it('follows the Link header across pages, `after` kept in the query', async () => {
    const org = await createOrganization();
    for (let i = 0; i < 4; i++) await org.api.post(WORK_ITEMS, { title: `Linked ${i}`, type: 'TASK' });
    const all = await logged(org, 4);
    const seen: string[] = [];
    let url: string | null = `${EVENTS}?limit=1&after=${all[0].id}`;
    while (url) {
      const page: ApiResponse = await org.api.get(url);
      expect(page.status).toBe(200);
      seen.push(...page.body.map((e: { id: string }) => e.id));
      url = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(seen).toEqual(all.slice(1).map((e) => e.id));
  });

  it('the catch-up function of docs/webhooks.md recovers every event, then resumes after the last one', async () => {
    const org = await createOrganization();
    const catchUp = documentedCatchUp();
    const base = `${stackInfo().apiUrl}/api/v1`;
    const since = new Date(Date.now() - 60_000).toISOString();
    for (let i = 0; i < 3; i++) await org.api.post(WORK_ITEMS, { title: `Missed ${i}`, type: 'TASK' });
    const all = await logged(org, 3);
    const handled: string[] = [];
    const last = await catchUp(base, org.apiKey, null, since, async (event) => void handled.push(event.id));
    expect(handled).toEqual(all.map((e) => e.id));
    expect(last).toBe(all[2].id);

    await org.api.post(WORK_ITEMS, { title: 'Missed later', type: 'TASK' });
    const later = await logged(org, 4);
    const more: string[] = [];
    expect(await catchUp(base, org.apiKey, last, since, async (event) => void more.push(event.id))).toBe(later[3].id);
    expect(more).toEqual([later[3].id]);
    // An id the log does not know (pruned): it starts again from the time.
    const again: string[] = [];
    await catchUp(base, org.apiKey, '00000000-0000-4000-8000-000000000000', since, async (event) => void again.push(event.id));
    expect(again).toEqual(later.map((e) => e.id));
  });

  it("never shows another organization's events, nor resumes after one", async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    await mine.api.post(WORK_ITEMS, { title: 'Mine', type: 'TASK' });
    await theirs.api.post(WORK_ITEMS, { title: 'Theirs', type: 'TASK' });
    const [their] = await logged(theirs, 1);
    const [own] = await logged(mine, 1);
    expect(own.data.title).toBe('Mine');
    expect((await mine.api.get(EVENTS)).body).toHaveLength(1);
    expect((await mine.api.get(`${EVENTS}?after=${their.id}`)).status).toBe(400);
  });

  it('is for ADMINs only', async () => {
    const org = await createOrganization();
    for (const role of ['PM', 'DEV', 'STAKEHOLDER', 'GUEST']) {
      const member = await createMember(org, role);
      const response = await member.api.get(EVENTS);
      expect({ role, status: response.status, error: response.body.error }).toEqual({ role, status: 403, error: 'Forbidden' });
    }
  });
});
