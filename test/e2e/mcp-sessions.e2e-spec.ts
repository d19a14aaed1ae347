/*
 * The three agent sessions docs/mcp.md shows, played with the SDK client on seeded data: starting
 * work on an item, recording a finding, finishing the item. Each is counted in tool calls and in
 * tokens of answers (characters / 4), asserted against its budget and printed.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Json, createMember, createOrganization } from './support/client';
import { call, discoveryFixture, withKey } from './support/mcp';
import { API, ok } from './support/strategy-fixtures';

/** Tokens of answers a task may cost an agent. */
const TASK_BUDGET = 1500;
/** Tokens of a brief packet, whatever the record's neighbourhood. */
const PACKET_BUDGET = 4000;
/** Characters per item of a list answer: Linear's MCP spends about 1,200, ours about 480. */
const LIST_ITEM_BUDGET = 600;

/** A client that counts its tool calls and the characters of what they answer. */
class Session {
  calls = 0;
  chars = 0;
  readonly transcript: string[] = [];

  constructor(private readonly client: Client) {}

  async call(name: string, args: Record<string, unknown>): Promise<Json> {
    const result = await call(this.client, name, args);
    const text = (result.content[0] as { text: string }).text;
    if (result.isError) throw new Error(`${name} failed: ${text}`);
    this.calls += 1;
    this.chars += text.length;
    this.transcript.push(`→ ${name} ${JSON.stringify(args)}\n← ${text}`);
    return JSON.parse(text);
  }

  get tokens(): number {
    return Math.ceil(this.chars / 4);
  }

  report(task: string): void {
    console.log(`${task}: ${this.calls} call(s), ${this.chars} characters, ~${this.tokens} tokens\n${this.transcript.join('\n')}`);
  }
}

describe('MCP agent sessions on seeded data', () => {
  let org: Awaited<ReturnType<typeof createOrganization>>;
  let fx: Awaited<ReturnType<typeof discoveryFixture>>;
  let dev: Client;
  let pm: Client;

  beforeAll(async () => {
    org = await createOrganization();
    fx = await discoveryFixture(org.api);
    const [devUser, pmUser] = await Promise.all([createMember(org, 'DEV'), createMember(org, 'PM')]);
    await ok(org.api.patch(`${API}/work-items/${fx.workItems[1].id}`, { assigneeId: devUser.user.id, status: 'IN_PROGRESS' }));
    dev = await withKey((await devUser.api.post('/api/v1/me/api-keys', { name: 'dev agent' })).body.apiKey);
    pm = await withKey((await pmUser.api.post('/api/v1/me/api-keys', { name: 'pm agent' })).body.apiKey);
  });
  afterAll(async () => {
    await dev.close();
    await pm.close();
  });

  it('starts work on an item with its context in 1 call, within 1,500 tokens', async () => {
    const session = new Session(dev);
    const packet = await session.call('get_discovery_context', { ref: fx.workItems[1].key });
    expect(packet.focus).toMatchObject({ recordKind: 'work_item', key: fx.workItems[1].key, type: 'TASK', status: 'IN_PROGRESS' });
    expect(packet.opportunities.items.map((o: Json) => o.key)).toEqual([fx.opportunity.key]);
    expect(packet.okrs.items.map((o: Json) => o.key)).toEqual([fx.ckr.key]);
    expect(packet.evidence.insights.items.length).toBeGreaterThan(0);
    session.report('Starting work');
    expect(session.calls).toBe(1);
    expect(session.tokens).toBeLessThanOrEqual(TASK_BUDGET);
  });

  it('records a finding (an insight with its quote and interview) in 1 call, within 1,500 tokens', async () => {
    const session = new Session(pm);
    const insight = await session.call('save_discovery_record', {
      type: 'insight',
      fields: { title: 'Buyers distrust the phone field', description: 'Three of five buyers hesitate at the phone number.', interviewId: fx.interview.id, quotes: ['Why would a shop need my phone?'] },
    });
    expect(insight).toMatchObject({ recordKind: 'insight', title: 'Buyers distrust the phone field', interviewId: fx.interview.id });
    expect(await ok(org.api.get(`${API}/insights/${insight.id}`))).toMatchObject({ quotes: ['Why would a shop need my phone?'] });
    session.report('Recording a finding');
    expect(session.calls).toBe(1);
    expect(session.tokens).toBeLessThanOrEqual(TASK_BUDGET);
  });

  it('refuses, naming what the kind takes, a field of another kind, and writes nothing', async () => {
    const before = (await ok(org.api.get(`${API}/insights`))).length;
    const result = await call(pm, 'save_discovery_record', { type: 'insight', fields: { title: 'Wrong field', hypothesis: 'x' } });
    expect(result.isError).toBe(true);
    const error = JSON.parse((result.content[0] as { text: string }).text);
    expect(error).toMatchObject({ error: 'BadRequest', details: { 'fields.hypothesis': ['insight takes title, description, interviewId, quotes'] } });
    expect((await ok(org.api.get(`${API}/insights`))).length).toBe(before);
  });

  it('finishes an item in 1 call: the status moves and the comment lands, within 1,500 tokens', async () => {
    const item = await ok(org.api.get(`${API}/work-items/${fx.workItems[1].id}`));
    const session = new Session(dev);
    const done = await session.call('update_work_item', {
      ref: item.key,
      status: 'IN_REVIEW',
      comment: 'Phone field removed from checkout; PR is up for review.',
      expectedUpdatedAt: item.updatedAt,
    });
    expect(done).toMatchObject({ key: item.key, changed: { status: { from: 'IN_PROGRESS', to: 'IN_REVIEW' } }, comment: { id: expect.any(String) } });
    expect((await ok(org.api.get(`${API}/work-items/${item.id}`))).status).toBe('IN_REVIEW');
    const comments = await ok(org.api.get(`${API}/work-items/${item.id}/comments`));
    expect(comments.map((c: Json) => c.body)).toEqual(['Phone field removed from checkout; PR is up for review.']);
    session.report('Finishing an item');
    expect(session.calls).toBe(1);
    expect(session.tokens).toBeLessThanOrEqual(TASK_BUDGET);
  });

  it('writes neither the change nor the comment when the item changed meanwhile', async () => {
    const item = await ok(org.api.get(`${API}/work-items/${fx.workItems[2].id}`));
    await ok(org.api.patch(`${API}/work-items/${item.id}`, { priority: 'HIGH' }));
    const result = await call(dev, 'update_work_item', { ref: item.key, status: 'DONE', comment: 'Done', expectedUpdatedAt: item.updatedAt });
    expect(result.isError).toBe(true);
    expect((await ok(org.api.get(`${API}/work-items/${item.id}`))).status).toBe(item.status);
    expect(await ok(org.api.get(`${API}/work-items/${item.id}/comments`))).toEqual([]);
  });

  it('lists work items leaner than Linear (about 1.2 KB per issue): at most 600 characters per item', async () => {
    const session = new Session(pm);
    const page = await session.call('list_work_items', { limit: 50 });
    expect(page.items.length).toBeGreaterThanOrEqual(fx.workItems.length);
    const perItem = Math.round(session.chars / page.items.length);
    console.log(`list_work_items: ${page.items.length} items, ${session.chars} characters, ${perItem} per item`);
    expect(perItem).toBeLessThanOrEqual(LIST_ITEM_BUDGET);
  });

  it('keeps the brief packet of an item with 200 linked records within 4,000 tokens, paged beyond', async () => {
    const big = await createOrganization();
    const heavy = await discoveryFixture(big.api, { insightCount: 100, workItemCount: 100 });
    const client = await withKey(big.apiKey);
    const session = new Session(client);
    const first = await session.call('get_discovery_context', { ref: heavy.opportunity.key, limitPerSection: 20 });
    const firstTokens = session.tokens;
    expect(first.evidence.insights.omitted).toBeGreaterThan(0);
    expect(first.workItems.omitted).toBeGreaterThan(0);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await session.call('get_discovery_context', { cursor: first.nextCursor });
    expect(Math.ceil(JSON.stringify(second).length / 4)).toBeLessThanOrEqual(PACKET_BUDGET);
    // The second page goes on where the first stopped.
    expect(second.evidence.insights.items[0].id).toBe(heavy.insights[first.evidence.insights.items.length].id);
    console.log(`Brief packet, 200 linked records: first page ~${firstTokens} tokens, second ~${session.tokens - firstTokens} tokens`);
    expect(firstTokens).toBeLessThanOrEqual(PACKET_BUDGET);
    await client.close();
  }, 120_000);
});
