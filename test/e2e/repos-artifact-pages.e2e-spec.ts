/** `GET /work-items/{id}/artifacts` in pages: `limit` per kind, one cursor for the three lists. */
import { TestOrganization, createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { data, withKey } from './support/mcp';
import { Connection, artifactsOf, connectRepository, githubPullRequest, githubPush, postGithub, uniqueRepo } from './support/repos';

interface Walked {
  pages: { branches: string[]; commits: string[]; pullRequests: number[]; nextCursor: string | null }[];
}

async function walk(org: TestOrganization, ref: string, limit: number): Promise<Walked> {
  const pages: Walked['pages'] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response = await org.api.get(`/api/v1/work-items/${ref}/artifacts?${query}`);
    expect(response.status).toBe(200);
    const body = response.body;
    pages.push({
      branches: body.branches.map((b: { name: string }) => b.name),
      commits: body.commits.map((c: { sha: string }) => c.sha),
      pullRequests: body.pullRequests.map((p: { number: number }) => p.number),
      nextCursor: body.nextCursor,
    });
    cursor = body.nextCursor;
    if (pages.length > 20) throw new Error('the cursor walk does not end');
  } while (cursor);
  return { pages };
}

describe('work item artifacts in pages', () => {
  let org: TestOrganization;
  let github: Connection;
  let item: { id: string; key: string };
  // Committed at distinct times, sent out of order: the list is by commit time, newest first.
  const commitShas = Array.from({ length: 7 }, (_v, i) => `${String(i).repeat(8)}${'a'.repeat(32)}`);
  const commitTimes = [3, 0, 6, 1, 5, 2, 4].map((minutes) => new Date(Date.UTC(2026, 10, 20, 9, minutes)).toISOString());
  const branchNames: string[] = [];

  beforeAll(async () => {
    org = await createOrganization();
    github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    item = (await org.api.post('/api/v1/work-items', { title: 'Many artifacts', type: 'TASK' })).body;
    const key = item.key.toLowerCase();
    for (let b = 0; b < 3; b++) {
      const name = `feature/${key}-part-${b}`;
      branchNames.push(name);
      const commits = b === 0 ? commitShas.map((id, i) => ({ id, message: `Step ${i} of ${item.key}`, timestamp: commitTimes[i] })) : [];
      expect((await postGithub(github, 'push', githubPush(github.fullName, name, commits, { created: true }))).status).toBe(202);
    }
    for (const number of [1, 2]) {
      const answer = await postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'opened', { number, title: `${item.key} part ${number}`, head: branchNames[number] }));
      expect(answer.status).toBe(202);
    }
    await eventually(() => artifactsOf(org.api, item.key), {
      until: (body) => body.branches.length === 3 && body.commits.length === 7 && body.pullRequests.length === 2,
    });
  });

  it('without limit: every list whole, newest first, and nextCursor null (the shape before paging, plus the cursor)', async () => {
    const body = await artifactsOf(org.api, item.key);
    expect(Object.keys(body).sort()).toEqual(['branches', 'commits', 'nextCursor', 'pullRequests']);
    expect(body.nextCursor).toBeNull();
    const byTime = commitShas.map((id, i) => ({ id, at: commitTimes[i] })).sort((a, b) => (a.at < b.at ? 1 : -1));
    expect(body.commits.map((c: { sha: string }) => c.sha)).toEqual(byTime.map((c) => c.id));
    expect(body.commits.map((c: { committedAt: string }) => c.committedAt)).toEqual(byTime.map((c) => c.at));
  });

  it('a cursor walk with limit=2 shows every artifact exactly once, each list in the order of the whole, at most 2 of a kind a page', async () => {
    const whole = await artifactsOf(org.api, item.key);
    const { pages } = await walk(org, item.key, 2);
    expect(pages.length).toBe(4);
    for (const page of pages) for (const list of [page.branches, page.commits, page.pullRequests]) expect(list.length).toBeLessThanOrEqual(2);
    expect(pages.map((p) => [p.branches.length, p.commits.length, p.pullRequests.length])).toEqual([
      [2, 2, 2],
      [1, 2, 0],
      [0, 2, 0],
      [0, 1, 0],
    ]);
    expect(pages.flatMap((p) => p.branches)).toEqual(whole.branches.map((b: { name: string }) => b.name));
    expect(pages.flatMap((p) => p.commits)).toEqual(whole.commits.map((c: { sha: string }) => c.sha));
    expect(pages.flatMap((p) => p.pullRequests)).toEqual(whole.pullRequests.map((p: { number: number }) => p.number));
    expect(new Set(pages.flatMap((p) => p.branches))).toEqual(new Set(branchNames));
    expect(pages.at(-1)?.nextCursor).toBeNull();
  });

  it('a new commit does not shift the pages after a cursor', async () => {
    const first = await org.api.get(`/api/v1/work-items/${item.key}/artifacts?limit=3`);
    const newest = `${'f'.repeat(40)}`;
    const at = new Date(Date.UTC(2026, 10, 21)).toISOString();
    expect((await postGithub(github, 'push', githubPush(github.fullName, branchNames[0], [{ id: newest, message: `Later ${item.key}`, timestamp: at }]))).status).toBe(202);
    await eventually(() => artifactsOf(org.api, item.key), { until: (body) => body.commits.length === 8 });
    const second = await org.api.get(`/api/v1/work-items/${item.key}/artifacts?limit=3&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    const seen = [...first.body.commits, ...second.body.commits].map((c: { sha: string }) => c.sha);
    expect(seen).not.toContain(newest);
    expect(new Set(seen).size).toBe(6);
  });

  it.each([['0'], ['501'], ['many']])('limit=%s is a 400 naming limit', async (limit) => {
    const response = await org.api.get(`/api/v1/work-items/${item.key}/artifacts?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'BadRequest', message: expect.any(String), details: { limit: expect.any(Array) } });
  });

  it('a cursor the route did not issue is a 400 naming cursor: garbage, another list\'s cursor, a forged one', async () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const plainList = encode(['c1', '2026-11-20T09:00:00.000Z', item.id]);
    const forged = encode(['m1', null, ['yesterday', item.id], null]);
    const allEnded = encode(['m1', null, null, null]);
    for (const cursor of ['nope', plainList, forged, allEnded]) {
      const response = await org.api.get(`/api/v1/work-items/${item.key}/artifacts?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'BadRequest', message: expect.any(String), details: { cursor: ['invalid cursor'] } });
    }
  });

  it("another organization's work item is a 404, by key and by id, with or without a cursor", async () => {
    const other = await createOrganization();
    const first = await org.api.get(`/api/v1/work-items/${item.key}/artifacts?limit=1`);
    for (const path of [`${item.key}/artifacts`, `${item.id}/artifacts`, `${item.id}/artifacts?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`]) {
      const response = await other.api.get(`/api/v1/work-items/${path}`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: 'NotFound', message: expect.any(String) });
    }
  });

  it('MCP shows the newest few of each kind per item and how many more there are', async () => {
    const client = await withKey(org.apiKey);
    try {
      const whole = await artifactsOf(org.api, item.key);
      const packet = await data(client, 'get_discovery_context', { ref: item.key, detail: 'brief' });
      const artifacts = packet.focus.artifacts;
      expect(artifacts.commits.map((c: { sha: string }) => c.sha)).toEqual(whole.commits.slice(0, 3).map((c: { sha: string }) => c.sha));
      expect(artifacts.branches).toHaveLength(3);
      expect(artifacts.omitted).toEqual({ branches: 0, commits: whole.commits.length - 3, pullRequests: 0 });
      expect(artifacts.nextCursor).toBeUndefined();
      const { records } = await data(client, 'get_records', { refs: [item.key], include: ['artifacts'] });
      expect(records[0].artifacts.commits).toHaveLength(whole.commits.length);
      expect(records[0].artifacts.omitted).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
