/**
 * GET /search and MCP `search`: one ranked search over every searchable kind (titles, texts,
 * transcripts, quotes, comments, keys, title substrings), best first, paged by cursor, within the
 * caller's organization, never showing the trash.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ApiClient, Json, TestOrganization, createMember, createOrganization, keyClient } from './support/client';
import { data, nameOf, withKey } from './support/mcp';
import { API, ok } from './support/strategy-fixtures';

const search = (api: ApiClient, query: string) => api.get(`${API}/search?${query}`);

describe('search', () => {
  let org: TestOrganization;
  let other: TestOrganization;
  let mcp: Client;
  const r: Record<string, Json> = {};

  beforeAll(async () => {
    [org, other] = await Promise.all([createOrganization(), createOrganization()]);
    const post = (path: string, body: Json) => ok(org.api.post(`${API}/${path}`, body));
    r.titled = await post('work-items', { title: 'Zephyrine checkout crashes', type: 'BUG' });
    r.described = await post('work-items', { title: 'Profile page', type: 'TASK', description: 'Since the zephyrine upgrade the avatar upload stalls.' });
    r.commented = await post('work-items', { title: 'Billing export', type: 'TASK' });
    await ok(org.api.post(`${API}/work-items/${r.commented.id}/comments`, { body: 'Customers say the zephyrine release broke this too.' }));
    r.opportunity = await post('opportunities', { title: 'Zephyrine onboarding', description: 'First steps' });
    r.interview = await post('interviews', {
      title: 'Interview with Lee',
      transcript: `${'small talk '.repeat(400)}and then the quixotic marmalade dashboard froze ${'more talk '.repeat(400)}`,
      summary: 'Lee wants a tangerine report.',
    });
    r.insight = await post('insights', { title: 'Export friction', quotes: ['It was a gorgonzola moment', 'Second quote'] });
    await ok(other.api.post(`${API}/work-items`, { title: 'Zephyrine secret of another org', type: 'BUG' }));
    mcp = await withKey(org.apiKey);
  });
  afterAll(() => mcp?.close());

  it('ranks title matches above text matches above comment matches, with {type, id, key, title, snippet, score}', async () => {
    const res = await search(org.api, 'q=zephyrine');
    expect(res.status).toBe(200);
    const ids = res.body.map((hit: Json) => hit.id);
    expect(new Set(ids.slice(0, 2))).toEqual(new Set([r.titled.id, r.opportunity.id]));
    expect(ids.slice(2)).toEqual([r.described.id, r.commented.id]);
    const scores = res.body.map((hit: Json) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores.every((s: number) => s > 0 && s <= 1)).toBe(true);
    expect(res.body[2]).toEqual({ type: 'work_item', id: r.described.id, key: r.described.key, title: 'Profile page', snippet: expect.stringContaining('zephyrine upgrade'), score: expect.any(Number) });
    expect(res.body[3].snippet).toContain('zephyrine release broke');
    expect(res.body.find((hit: Json) => hit.id === r.opportunity.id)).toMatchObject({ type: 'opportunity', key: r.opportunity.key });
  });

  it('matches an exact key in any case, a prefix of a word and a substring of a title', async () => {
    const byKey = await search(org.api, `q=${r.titled.key.toLowerCase()}`);
    expect(byKey.body[0]).toMatchObject({ id: r.titled.id, score: 1 });
    expect((await search(org.api, 'q=zephyr')).body.map((hit: Json) => hit.id)).toEqual(expect.arrayContaining([r.titled.id, r.opportunity.id, r.described.id]));
    expect((await search(org.api, 'q=phyrine%20check')).body.map((hit: Json) => hit.id)).toEqual([r.titled.id]);
  });

  it('finds interview transcripts and summaries, insight quotes and comments', async () => {
    const transcript = await search(org.api, 'q=quixotic%20marmalade');
    expect(transcript.body).toEqual([expect.objectContaining({ type: 'interview', id: r.interview.id, key: null, snippet: expect.stringContaining('quixotic marmalade') })]);
    expect((await search(org.api, 'q=tangerine')).body.map((hit: Json) => hit.id)).toEqual([r.interview.id]);
    const quote = await search(org.api, 'q=gorgonzola');
    expect(quote.body).toEqual([expect.objectContaining({ type: 'insight', id: r.insight.id, snippet: expect.stringContaining('gorgonzola') })]);
  });

  it('narrows by types and answers 400 for an unknown kind', async () => {
    expect((await search(org.api, 'q=zephyrine&types=opportunity')).body.map((hit: Json) => hit.id)).toEqual([r.opportunity.id]);
    const two = await search(org.api, 'q=zephyrine&types=work_item,insight');
    expect(two.body.every((hit: Json) => hit.type === 'work_item')).toBe(true);
    expect(two.body).toHaveLength(3);
    expect((await search(org.api, 'q=zephyrine&types=work_item,bogus')).status).toBe(400);
    expect((await search(org.api, 'q=zephyrine&types=sprint')).status).toBe(400);
  });

  it('pages by cursor with Link and X-Next-Cursor, in the same order as one page', async () => {
    const all = (await search(org.api, 'q=zephyrine')).body.map((hit: Json) => hit.id);
    const seen: string[] = [];
    let path = `${API}/search?q=zephyrine&limit=1`;
    for (let i = 0; i < 10; i++) {
      const page = await org.api.get(path);
      expect(page.status).toBe(200);
      seen.push(...page.body.map((hit: Json) => hit.id));
      const cursor = page.headers.get('x-next-cursor');
      if (!cursor) break;
      expect(page.headers.get('link')).toContain(`cursor=${cursor}`);
      path = `${API}/search?q=zephyrine&limit=1&cursor=${cursor}`;
    }
    expect(seen).toEqual(all);
    expect((await search(org.api, 'q=zephyrine&cursor=garbage')).status).toBe(400);
  });

  it('answers 400 for a missing, empty or too long q and a bad limit', async () => {
    for (const query of ['', 'q=', 'q=%20%20', `q=${'a'.repeat(201)}`, 'q=x&limit=0', 'q=x&limit=51']) {
      expect({ query, status: (await search(org.api, query)).status }).toEqual({ query, status: 400 });
    }
    const hostile = await search(org.api, `q=${encodeURIComponent("%_\\' OR 1=1; -- & | ! :* __proto__ constructor \u0007")}`);
    expect(hostile.status).toBe(200);
    expect(hostile.body).toEqual([]);
  });

  it('is open to every role with Read (GUEST, STAKEHOLDER) and closed without a key', async () => {
    for (const role of ['GUEST', 'STAKEHOLDER']) {
      const member = await createMember(org, role);
      const res = await search(member.api, 'q=zephyrine');
      expect(res.status).toBe(200);
      expect(res.body.length).toBe(4);
    }
    expect((await search(keyClient('pds_not-a-key'), 'q=zephyrine')).status).toBe(401);
  });

  it("never finds another organization's records", async () => {
    const ours = await search(org.api, 'q=secret');
    expect(ours.body).toEqual([]);
    const theirs = await search(other.api, 'q=zephyrine');
    expect(theirs.body.map((hit: Json) => hit.title)).toEqual(['Zephyrine secret of another org']);
  });

  it('leaves a trashed record out and finds it again once restored', async () => {
    const item = await ok(org.api.post(`${API}/work-items`, { title: 'Wombatish gadget', type: 'TASK' }));
    expect((await search(org.api, 'q=wombatish')).body.map((hit: Json) => hit.id)).toEqual([item.id]);
    expect((await org.api.delete(`${API}/work-items/${item.id}`)).status).toBe(200);
    expect((await search(org.api, 'q=wombatish')).body).toEqual([]);
    expect((await data(mcp, 'search', { query: 'wombatish' })).items).toEqual([]);
    expect((await org.api.post(`${API}/trash/${item.id}/restore`)).status).toBe(200);
    expect((await search(org.api, 'q=wombatish')).body.map((hit: Json) => hit.id)).toEqual([item.id]);
  });

  it('MCP search uses the same ranking and finds transcripts, quotes and comments', async () => {
    const rest = (await search(org.api, 'q=zephyrine')).body.map((hit: Json) => hit.key ?? hit.id);
    const tool = await data(mcp, 'search', { query: 'zephyrine' });
    expect(tool.items.map((item: Json) => nameOf(item))).toEqual(rest);
    expect(tool.omitted).toBe(0);
    expect((await data(mcp, 'search', { query: 'marmalade' })).items.map((item: Json) => nameOf(item))).toEqual([r.interview.id]);
    expect((await data(mcp, 'search', { query: 'gorgonzola' })).items.map((item: Json) => nameOf(item))).toEqual([r.insight.id]);
    const comment = await data(mcp, 'search', { query: 'release broke', types: ['work_item'] });
    expect(comment.items.map((item: Json) => nameOf(item))).toEqual([r.commented.key]);
  });
});
