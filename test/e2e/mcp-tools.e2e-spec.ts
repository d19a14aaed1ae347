import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Json, createMember, createOrganization } from './support/client';
import { data, discoveryFixture, nameOf, toolError, withKey } from './support/mcp';
import { API, ok } from './support/strategy-fixtures';

const READS = ['get_discovery_context', 'search', 'get_records', 'list_work_items', 'list_records', 'whoami'];
const DELIVERY_WRITES = ['create_work_item', 'update_work_item', 'add_comment', 'link_work_items', 'unlink_work_items'];

async function toolsOf(apiKey: string): Promise<Json[]> {
  const client = await withKey(apiKey);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

describe('MCP tools/list per role', () => {
  it('registers only the tools a role may use, at most 12, within 13,000 characters', async () => {
    const org = await createOrganization();
    const pm = await createMember(org, 'PM');
    const dev = await createMember(org, 'DEV');
    const [admin, pmTools, devTools] = await Promise.all([toolsOf(org.apiKey), toolsOf((await pm.api.post('/api/v1/me/api-keys', { name: 'a' })).body.apiKey), toolsOf((await dev.api.post('/api/v1/me/api-keys', { name: 'a' })).body.apiKey)]);
    const names = (tools: Json[]) => tools.map((t) => t.name).sort();
    expect(names(admin)).toEqual([...READS, ...DELIVERY_WRITES, 'save_discovery_record'].sort());
    expect(names(pmTools)).toEqual(names(admin));
    expect(names(devTools)).toEqual([...READS, ...DELIVERY_WRITES].sort());
    expect(admin.length).toBeLessThanOrEqual(12);
    expect(JSON.stringify({ tools: admin }).length).toBeLessThanOrEqual(13_000);
    for (const tool of admin) {
      if (READS.includes(tool.name)) expect(tool.annotations).toMatchObject({ readOnlyHint: true });
      else expect(tool.annotations?.readOnlyHint).not.toBe(true);
    }
    expect(admin.find((t) => t.name === 'unlink_work_items').annotations.destructiveHint).toBe(true);
  });
});

describe('MCP tools with real records', () => {
  let admin: Client;
  let fx: Awaited<ReturnType<typeof discoveryFixture>>;
  let org: Awaited<ReturnType<typeof createOrganization>>;

  beforeAll(async () => {
    org = await createOrganization();
    fx = await discoveryFixture(org.api);
    admin = await withKey(org.apiKey);
  });
  afterAll(() => admin.close());

  it('search finds every kind by title, with key or id, recordKind, title, status and a snippet, capped with a cursor', async () => {
    const hits = await data(admin, 'search', { query: 'checkout' });
    const refs = hits.items.map((i: Json) => nameOf(i));
    expect(refs).toEqual(expect.arrayContaining([fx.opportunity.key, fx.ckr.key, fx.insights[0].id, fx.productGoal.id]));
    expect(hits.items.find((i: Json) => nameOf(i) === fx.opportunity.key)).toMatchObject({ recordKind: 'opportunity', title: fx.opportunity.title, status: 'NEW' });
    const byKey = await data(admin, 'search', { query: fx.workItems[1].key, types: ['work_item'] });
    expect(byKey.items[0]).toMatchObject({ key: fx.workItems[1].key, recordKind: 'work_item', status: 'BACKLOG' });

    const first = await data(admin, 'search', { query: 'phone field part', limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.omitted).toBe(1);
    const second = await data(admin, 'search', { query: 'ignored', cursor: first.nextCursor });
    // Ranked: equal scores come in id order, so the pages hold the three items once each in any key order.
    expect([...first.items, ...second.items].map((i: Json) => nameOf(i)).sort()).toEqual(fx.workItems.slice(0, 3).map((w: Json) => w.key).sort());
    expect(second).toMatchObject({ omitted: 0, nextCursor: null });
  });

  it('get_records returns full records by key or uuid, with relations, comments, key results and transcript windows', async () => {
    await ok(org.api.post(`${API}/work-items/${fx.workItems[0].id}/comments`, { body: 'Blocked on legal' }));
    const result = await data(admin, 'get_records', {
      refs: [fx.workItems[0].key, fx.ckr.key, fx.interview.id, fx.opportunity.id],
      include: ['relations', 'comments', 'artifacts', 'keyResults', 'transcript'],
    });
    expect(result.notFound).toEqual([]);
    const [workItem, okr, interview, opportunity] = result.records;
    expect(workItem).toMatchObject({ key: fx.workItems[0].key, id: fx.workItems[0].id, recordKind: 'work_item', type: fx.workItems[0].type, isBlocked: true, opportunityId: fx.opportunity.id });
    expect(workItem.relations.blockedBy).toEqual([expect.objectContaining({ key: fx.blocker.key, status: 'BACKLOG' })]);
    expect(workItem.comments.items[0].body).toBe('Blocked on legal');
    expect(workItem.artifacts).toEqual({ branches: [], commits: [], pullRequests: [] });
    expect(okr.keyResults).toHaveLength(2);
    expect(interview).toMatchObject({ recordKind: 'interview', transcriptChars: 20_000, summary: fx.interview.summary });
    expect(interview.transcript).toMatchObject({ offset: 0, totalChars: 20_000 });
    expect(interview.transcript.text).toHaveLength(8000);
    const next = await data(admin, 'get_records', { refs: [fx.interview.id], cursor: interview.transcript.nextCursor });
    expect(next.records[0].transcript).toMatchObject({ offset: 8000, totalChars: 20_000 });
    expect(opportunity).toMatchObject({ key: fx.opportunity.key, insightIds: fx.insights.map((i: Json) => i.id) });
  });

  it('list_work_items filters by assignee "me", sprint "current", status and text', async () => {
    const sprint = await ok(org.api.post(`${API}/sprints`, { name: 'Now', startDate: '2026-01-05', endDate: '2026-01-16' }));
    await ok(org.api.patch(`${API}/sprints/${sprint.id}`, { status: 'ACTIVE' }));
    await ok(org.api.patch(`${API}/work-items/${fx.workItems[1].id}`, { assigneeId: org.admin.id, sprintId: sprint.id, status: 'IN_PROGRESS' }));
    const mine = await data(admin, 'list_work_items', { assignee: 'me', sprint: 'current' });
    expect(mine.items.map((w: Json) => nameOf(w))).toEqual([fx.workItems[1].key]);
    expect(mine.items[0]).toMatchObject({ status: 'IN_PROGRESS', assigneeId: org.admin.id, sprintId: sprint.id });
    const paged = await data(admin, 'list_work_items', { q: 'phone field', limit: 1 });
    expect(paged).toMatchObject({ omitted: 2, nextCursor: expect.any(String) });
    const rest = await data(admin, 'list_work_items', { q: 'phone field', limit: 5, cursor: paged.nextCursor });
    expect(rest.items).toHaveLength(2);
    expect((await data(admin, 'list_work_items', { status: ['IN_PROGRESS'] })).items).toHaveLength(1);
  });

  it('list_records lists each type with REST filters and a cursor', async () => {
    const okrs = await data(admin, 'list_records', { type: 'ckr' });
    expect(okrs.items).toEqual([expect.objectContaining({ key: fx.ckr.key, recordKind: 'ckr', title: fx.ckr.title })]);
    // The names the tool took before it spoke of record kinds still work.
    expect((await data(admin, 'list_records', { type: 'okrs' })).items).toEqual(okrs.items);
    const solutions = await data(admin, 'list_records', { type: 'solution', filters: { opportunityId: fx.opportunity.id } });
    expect(solutions.items.map((s: Json) => nameOf(s))).toEqual([fx.solution.id]);
    const insights = await data(admin, 'list_records', { type: 'insight', limit: 2 });
    expect(insights).toMatchObject({ omitted: 1, nextCursor: expect.any(String) });
    const goals = await data(admin, 'list_records', { type: 'goals' });
    expect(goals.items.map((g: Json) => g.recordKind)).toEqual(['annual_goal', 'product_goal']);
    const bad = await toolError(admin, 'list_records', { type: 'ckr', filters: { status: ['NOPE'] } });
    expect(bad.message).toContain('status');
    // A filter of another kind is refused with what the kind does take, not dropped.
    const foreign = await toolError(admin, 'list_records', { type: 'solution', filters: { ckrId: fx.ckr.id } });
    expect(foreign).toMatchObject({ error: 'BadRequest', details: { 'filters.ckrId': ['solution takes opportunityId'] } });
    const wrongStatus = await toolError(admin, 'list_records', { type: 'experiment', filters: { status: ['ACTIVE'] } });
    expect(wrongStatus.error).toBe('BadRequest');
  });

  it('writes through the services: create, update with conflict check, comment, link and unlink', async () => {
    const created = await data(admin, 'create_work_item', { title: 'Agent task', type: 'TASK', opportunityId: fx.opportunity.id });
    expect(created).toMatchObject({ key: expect.stringMatching(/^WI-\d+$/), recordKind: 'work_item', type: 'TASK' });
    const rest = await ok(org.api.get(`${API}/work-items/${created.key}`));
    expect(rest).toMatchObject({ title: 'Agent task', opportunityId: fx.opportunity.id });

    const updated = await data(admin, 'update_work_item', { ref: created.key, status: 'IN_PROGRESS', expectedUpdatedAt: rest.updatedAt });
    expect(updated.changed).toEqual({ status: { from: 'BACKLOG', to: 'IN_PROGRESS' } });
    const conflict = await toolError(admin, 'update_work_item', { ref: created.key, title: 'Stale write', expectedUpdatedAt: rest.updatedAt });
    expect(conflict.error).toBe('Conflict');
    expect(conflict.next).toContain('expectedUpdatedAt');
    expect((await ok(org.api.get(`${API}/work-items/${created.key}`))).title).toBe('Agent task');

    const comment = await data(admin, 'add_comment', { ref: created.key, body: 'Started by an agent' });
    expect(comment).toMatchObject({ body: 'Started by an agent', authorId: org.admin.id });

    const linked = await data(admin, 'link_work_items', { ref: created.key, type: 'blocks', target: fx.workItems[2].key });
    expect(linked.relations.blocks.map((r: Json) => nameOf(r))).toEqual([fx.workItems[2].key]);
    const unlinked = await data(admin, 'unlink_work_items', { ref: created.key, type: 'blocks', target: fx.workItems[2].key });
    expect(unlinked.relations.blocks).toEqual([]);
    expect((await ok(org.api.get(`${API}/work-items/${fx.workItems[2].id}/relations`))).blockedBy).toEqual([]);

    const insight = await data(admin, 'save_discovery_record', { type: 'insight', fields: { title: 'Agent-found insight', quotes: ['ok'] } });
    expect(insight).toMatchObject({ recordKind: 'insight', title: 'Agent-found insight', quotes: ['ok'] });
    const renamed = await data(admin, 'save_discovery_record', { type: 'insight', ref: insight.id, fields: { title: 'Renamed insight' } });
    expect(renamed.title).toBe('Renamed insight');
  });

  it('turns bad input and unknown refs into isError results that say what to do next', async () => {
    const unknown = await toolError(admin, 'get_records', { refs: ['WI-99999'] });
    expect(unknown.error).toBe('NotFound');
    expect(unknown.next).toContain('search');
    const malformed = await toolError(admin, 'get_records', { refs: ['not a ref'] });
    expect(malformed.error).toBe('BadRequest');
    const invalid = await toolError(admin, 'create_work_item', { title: 'x', type: 'NOPE' });
    expect(invalid.message).toMatch(/title|type/);
    const badCursor = await toolError(admin, 'search', { query: 'x', cursor: 'garbage' });
    expect(badCursor.error).toBe('BadRequest');
  });
});

describe('MCP isolation and maker rules', () => {
  it('shows another organization\'s records as not found, never in search', async () => {
    const mine = await createOrganization();
    const other = await createOrganization();
    const theirs = await discoveryFixture(other.api, { insightCount: 1, workItemCount: 1 });
    const client = await withKey(mine.apiKey);
    for (const ref of [theirs.workItems[0].key, theirs.workItems[0].id, theirs.opportunity.id, theirs.interview.id]) {
      const miss = await toolError(client, 'get_records', { refs: [ref] });
      expect(miss.error).toBe('NotFound');
    }
    expect((await toolError(client, 'get_discovery_context', { ref: theirs.opportunity.id })).error).toBe('NotFound');
    const search = await data(client, 'search', { query: 'checkout' });
    expect(search.items).toEqual([]);
    expect((await toolError(client, 'update_work_item', { ref: theirs.workItems[0].id, title: 'Hijack' })).error).toBe('NotFound');
    expect((await ok(other.api.get(`${API}/work-items/${theirs.workItems[0].id}`))).title).toBe(theirs.workItems[0].title);
    await client.close();
  });

  it('gives a DEV calling a PM-only write an isError result and writes nothing', async () => {
    const org = await createOrganization();
    const dev = await createMember(org, 'DEV');
    const key = await dev.api.post('/api/v1/me/api-keys', { name: 'dev agent' });
    const client = await withKey(key.body.apiKey);
    const before = (await ok(org.api.get(`${API}/opportunities`))).length;
    const result = await client.callTool({ name: 'save_discovery_record', arguments: { type: 'opportunity', fields: { title: 'Sneaky' } } });
    expect(result.isError).toBe(true);
    expect((await ok(org.api.get(`${API}/opportunities`))).length).toBe(before);
    // DEV's own writes work and act as the DEV.
    const created = await data(client, 'create_work_item', { title: 'Dev task', type: 'BUG' });
    const comment = await data(client, 'add_comment', { ref: created.key, body: 'mine' });
    expect(comment.authorId).toBe(dev.user.id);
    await client.close();
  });
});
