import { createOrganization } from './support/client';
import { openPortal, portal, publicClient, publishChangelog, submission } from './support/portal';
import { PUBLIC_CHANGELOG_SHAPE } from './support/shapes-delivery';
import { shapeViolations } from './support/shapes';

type Listed = { key: string; title: string; votes: number };
const keys = (body: Listed[]) => body.map((s) => s.key);

describe('portal list: sort, filters, text search', () => {
  it('sorts by most votes (ties newest first) or newest first; key order without sort; cursors page every order', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    const slug = org.organization.slug;
    for (const title of ['First idea', 'Second idea', 'Third idea', 'Fourth idea']) {
      expect((await anonymous.post(portal(slug), submission({ title }))).status).toBe(200);
    }
    let address = 0;
    const vote = async (key: string, votes: number) => {
      for (let i = 0; i < votes; i += 1) {
        address += 1;
        const voted = await anonymous.post(`${portal(slug)}/${key}/votes`, { email: `v${address}@example.com` }, { headers: { 'x-forwarded-for': `198.51.100.${address}` } });
        expect(voted.status).toBe(200);
      }
    };
    await vote('INT-2', 3);
    await vote('INT-1', 1);
    await vote('INT-3', 1);

    expect(keys((await anonymous.get(portal(slug))).body)).toEqual(['INT-1', 'INT-2', 'INT-3', 'INT-4']);
    expect(keys((await anonymous.get(`${portal(slug)}?sort=newest`)).body)).toEqual(['INT-4', 'INT-3', 'INT-2', 'INT-1']);
    const byVotes = (await anonymous.get(`${portal(slug)}?sort=votes`)).body as Listed[];
    expect(byVotes.map((s) => [s.key, s.votes])).toEqual([['INT-2', 3], ['INT-3', 1], ['INT-1', 1], ['INT-4', 0]]);

    for (const sort of ['votes', 'newest']) {
      const seen: string[] = [];
      let path: string | undefined = `${portal(slug)}?sort=${sort}&limit=1`;
      while (path) {
        const page: Awaited<ReturnType<typeof anonymous.get>> = await anonymous.get(path);
        expect(page.status).toBe(200);
        seen.push(...keys(page.body as Listed[]));
        const cursor: string | null = page.headers.get('x-next-cursor');
        path = cursor ? `${portal(slug)}?sort=${sort}&limit=1&cursor=${encodeURIComponent(cursor)}` : undefined;
      }
      expect(seen).toEqual(keys((await anonymous.get(`${portal(slug)}?sort=${sort}`)).body));
    }
    // A cursor belongs to the order it was issued for.
    const newestCursor = (await anonymous.get(`${portal(slug)}?sort=newest&limit=1`)).headers.get('x-next-cursor') as string;
    const mixed = await anonymous.get(`${portal(slug)}?sort=votes&cursor=${encodeURIComponent(newestCursor)}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.details).toHaveProperty('cursor');
  });

  it('filters by kind and stage and searches title and description, wildcards taken literally', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    const slug = org.organization.slug;
    const bug = (await anonymous.post(portal(slug), submission({ kind: 'BUG', title: 'Export crashes', description: 'At 100% progress' }))).body;
    const idea = (await anonymous.post(portal(slug), submission({ title: 'Dark mode', description: 'Easier on the eyes at night' }))).body;
    const done = (await anonymous.post(portal(slug), submission({ title: 'Faster export', description: undefined }))).body;
    expect((await org.api.patch(`/api/v1/intake/${done.id}`, { stage: 'DONE' })).status).toBe(200);

    expect(keys((await anonymous.get(`${portal(slug)}?kind=BUG`)).body)).toEqual([bug.key]);
    expect(keys((await anonymous.get(`${portal(slug)}?kind=IMPROVEMENT&sort=newest`)).body)).toEqual([done.key, idea.key]);
    expect(keys((await anonymous.get(`${portal(slug)}?stage=DONE`)).body)).toEqual([done.key]);
    expect(keys((await anonymous.get(`${portal(slug)}?q=EXPORT`)).body)).toEqual([bug.key, done.key]);
    expect(keys((await anonymous.get(`${portal(slug)}?q=at%20night`)).body)).toEqual([idea.key]);
    expect(keys((await anonymous.get(`${portal(slug)}?q=100%25`)).body)).toEqual([bug.key]);
    expect(keys((await anonymous.get(`${portal(slug)}?q=%25`)).body)).toEqual([bug.key]);
    expect((await anonymous.get(`${portal(slug)}?q=_`)).body).toEqual([]);
    expect(keys((await anonymous.get(`${portal(slug)}?q=export&stage=SUBMITTED&kind=BUG`)).body)).toEqual([bug.key]);

    // HIDDEN stays hidden from every search.
    await org.api.patch(`/api/v1/intake/${bug.id}`, { moderationState: 'HIDDEN' });
    expect(keys((await anonymous.get(`${portal(slug)}?q=export`)).body)).toEqual([done.key]);
  });

  it.each([
    ['sort=popular', 'sort'],
    ['kind=FEATURE', 'kind'],
    ['stage=CLOSED', 'stage'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['q=', 'q'],
  ])('bad query %s is 400 naming the parameter', async (query, field) => {
    const org = await openPortal();
    const refused = await publicClient().get(`${portal(org.organization.slug)}?${query}`);
    expect(refused.status).toBe(400);
    expect(refused.body.details).toHaveProperty(field);
  });
});

describe('public changelog', () => {
  const changelog = (slug: string) => `/public/portals/${slug}/changelog`;

  it('lists published entries newest first, reads one, and never shows drafts', async () => {
    const org = await openPortal();
    const anonymous = publicClient();
    const slug = org.organization.slug;
    const first = await publishChangelog(org, 'Release 1', 'Export to CSV.\nSee https://example.com/notes');
    const second = await publishChangelog(org, 'Release 2', 'Dark mode.');
    const draft = (await org.api.post('/api/v1/changelog', { title: 'Secret plans', body: 'Not yet' })).body;

    const listed = await anonymous.get(changelog(slug));
    expect(listed.status).toBe(200);
    expect(listed.body.map((e: { id: string }) => e.id)).toEqual([second.id, first.id]);
    for (const entry of listed.body) expect(shapeViolations(entry, PUBLIC_CHANGELOG_SHAPE)).toEqual([]);
    expect(listed.text).not.toContain('Secret plans');

    const one = await anonymous.get(`${changelog(slug)}/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, title: 'Release 1', body: 'Export to CSV.\nSee https://example.com/notes' });
    expect(one.body).not.toHaveProperty('workItemIds');
    expect((await anonymous.get(`${changelog(slug)}/${draft.id}`)).status).toBe(404);
    expect((await anonymous.get(`${changelog(slug)}/not-a-uuid`)).status).toBe(404);

    const paged = await anonymous.get(`${changelog(slug)}?limit=1`);
    expect(paged.body.map((e: { id: string }) => e.id)).toEqual([second.id]);
    const next = await anonymous.get(`${changelog(slug)}?limit=1&cursor=${encodeURIComponent(paged.headers.get('x-next-cursor') as string)}`);
    expect(next.body.map((e: { id: string }) => e.id)).toEqual([first.id]);
    expect(next.headers.get('x-next-cursor')).toBeNull();
  });

  it("is 404 while the portal is off and for another organization's entry", async () => {
    const closed = await createOrganization();
    const entry = await publishChangelog(closed, 'Release 1', 'Body');
    const anonymous = publicClient();
    expect((await anonymous.get(changelog(closed.organization.slug))).status).toBe(404);
    expect((await anonymous.get(`${changelog(closed.organization.slug)}/${entry.id}`)).status).toBe(404);
    const other = await openPortal();
    expect((await anonymous.get(`${changelog(other.organization.slug)}/${entry.id}`)).status).toBe(404);
    expect((await anonymous.get(changelog(other.organization.slug))).body).toEqual([]);
  });
});
