import { randomBytes, randomUUID } from 'node:crypto';
import { ApiResponse, Json, TestOrganization, createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { logLinesMentioning } from './support/logs';
import {
  Connection,
  REPOSITORIES,
  artifactsOf,
  connectRepository,
  githubPullRequest,
  githubPush,
  gitlabMergeRequest,
  gitlabTime,
  postGithub,
  postGitlab,
  repoDeliveriesOf,
  settle,
  uniqueRepo,
  workItemOf,
} from './support/repos';

const WORK_ITEMS = '/api/v1/work-items';
const DELIVERY_FIELDS = ['event', 'id', 'linkedWorkItemKeys', 'providerDeliveryId', 'reason', 'receivedAt', 'status'];

const item = async (org: TestOrganization, title = 'Reviewed') => (await org.api.post(WORK_ITEMS, { title, type: 'TASK' })).body;
const statusOf = async (org: TestOrganization, key: string) => (await org.api.get(`${WORK_ITEMS}/${key}`)).body.status;
const pullRequestOf = async (org: TestOrganization, key: string) => (await eventually(() => artifactsOf(org.api, key), { until: (b) => b.pullRequests.length === 1 })).pullRequests[0];

describe('pull/merge request state only moves forward (payload updated_at)', () => {
  it('GitHub: a replayed "opened" (the captured signed bytes, a fresh X-GitHub-Delivery) neither reopens a merged pull request nor runs its automation', async () => {
    const org = await createOrganization();
    const github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo(), automations: { onPullRequestOpened: 'IN_REVIEW' } });
    const target = await item(org);
    const pr = { number: 31, title: `${target.key} Replayed`, head: 'feature/replay' };
    const opened = JSON.stringify(githubPullRequest(github.fullName, 'opened', { ...pr, updatedAt: '2026-11-20T10:00:00Z' }));
    expect((await postGithub(github, 'pull_request', undefined, { raw: opened })).status).toBe(202);
    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'IN_REVIEW' });
    // Someone moves the item back by hand; only a newer pull-request state may move it again.
    expect((await org.api.patch(`${WORK_ITEMS}/${target.key}`, { status: 'TODO' })).status).toBe(200);
    const merged = githubPullRequest(github.fullName, 'closed', { ...pr, state: 'closed', merged: true, updatedAt: '2026-11-20T11:00:00Z' });
    expect((await postGithub(github, 'pull_request', merged)).status).toBe(202);
    await eventually(() => artifactsOf(org.api, target.key), { until: (b) => b.pullRequests[0]?.state === 'MERGED' });

    const replay = await postGithub(github, 'pull_request', undefined, { raw: opened, deliveryId: randomUUID() });
    expect(replay.status).toBe(202);
    await settle(org, github);
    expect(await pullRequestOf(org, target.key)).toMatchObject({ number: 31, state: 'MERGED', mergedAt: '2026-11-20T11:00:00.000Z' });
    expect(await statusOf(org, target.key)).toBe('TODO');
  });

  it('GitHub: an older state arriving after a newer one changes nothing, in the same batch and in a later one', async () => {
    const org = await createOrganization();
    const github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo(), automations: { onPullRequestOpened: 'IN_REVIEW' } });
    const target = await item(org);
    const pr = { number: 32, head: 'feature/out-of-order' };
    // Back to back, newest first: they are processed together.
    const burst = [
      githubPullRequest(github.fullName, 'closed', { ...pr, title: `${target.key} v3`, state: 'closed', merged: true, updatedAt: '2026-11-20T12:00:00Z' }),
      githubPullRequest(github.fullName, 'opened', { ...pr, title: `${target.key} v1`, updatedAt: '2026-11-20T10:00:00Z' }),
    ];
    for (const payload of burst) expect((await postGithub(github, 'pull_request', payload)).status).toBe(202);
    await settle(org, github);
    expect(await pullRequestOf(org, target.key)).toMatchObject({ state: 'MERGED', title: `${target.key} v3`, mergedAt: '2026-11-20T12:00:00.000Z' });
    expect(await statusOf(org, target.key)).toBe('BACKLOG');

    // Later and alone: an edit older than the stored state is dropped, a newer one applies.
    const edited = (title: string, updatedAt: string) =>
      githubPullRequest(github.fullName, 'edited', { ...pr, title, state: 'closed', merged: true, updatedAt, mergedAt: '2026-11-20T12:00:00Z' });
    expect((await postGithub(github, 'pull_request', edited(`${target.key} v2`, '2026-11-20T11:00:00Z'))).status).toBe(202);
    await settle(org, github);
    expect((await pullRequestOf(org, target.key)).title).toBe(`${target.key} v3`);
    expect((await postGithub(github, 'pull_request', edited(`${target.key} v4`, '2026-11-20T13:00:00Z'))).status).toBe(202);
    await eventually(() => artifactsOf(org.api, target.key), { until: (b) => b.pullRequests[0]?.title === `${target.key} v4` });
    expect(await pullRequestOf(org, target.key)).toMatchObject({ state: 'MERGED', mergedAt: '2026-11-20T12:00:00.000Z' });
  });

  it('GitLab: the same "open" with a new X-Gitlab-Event-UUID after the merge changes nothing', async () => {
    const org = await createOrganization();
    const gitlab = await connectRepository(org, { provider: 'GITLAB', fullName: uniqueRepo('platform'), automations: { onPullRequestOpened: 'IN_REVIEW' } });
    const target = await item(org);
    const mr = { iid: 41, title: `${target.key} Replayed`, source: 'feature/replay' };
    const open = JSON.stringify(gitlabMergeRequest(gitlab.fullName, { ...mr, action: 'open', updatedAt: '2026-11-20 10:00:00 UTC' }));
    expect((await postGitlab(gitlab, 'Merge Request Hook', undefined, { raw: open })).status).toBe(202);
    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'IN_REVIEW' });
    expect((await org.api.patch(`${WORK_ITEMS}/${target.key}`, { status: 'TODO' })).status).toBe(200);
    const merge = gitlabMergeRequest(gitlab.fullName, { ...mr, action: 'merge', state: 'merged', updatedAt: '2026-11-20 11:00:00 UTC' });
    expect((await postGitlab(gitlab, 'Merge Request Hook', merge)).status).toBe(202);
    await eventually(() => artifactsOf(org.api, target.key), { until: (b) => b.pullRequests[0]?.state === 'MERGED' });

    expect((await postGitlab(gitlab, 'Merge Request Hook', undefined, { raw: open, deliveryId: randomUUID() })).status).toBe(202);
    await settle(org, gitlab);
    expect(await pullRequestOf(org, target.key)).toMatchObject({ number: 41, state: 'MERGED', mergedAt: '2026-11-20T11:00:00.000Z' });
    expect(await statusOf(org, target.key)).toBe('TODO');
  });
});

describe('payload values the columns cannot hold', () => {
  it('a signed pull_request numbered 1,099,511,627,776: acknowledged, marked FAILED at once with the reason, one warning, no retries', async () => {
    const org = await createOrganization();
    const github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    const target = await item(org);
    const number = 1_099_511_627_776;
    const answer = await postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'opened', { number, title: `${target.key} Huge`, head: 'huge' }));
    expect(answer.status).toBe(202);
    const { deliveryId } = answer.body;

    const entries = await eventually(() => repoDeliveriesOf(org.api, github.id), { until: (list) => list.some((d) => d.id === deliveryId) });
    expect(entries.find((d) => d.id === deliveryId)).toMatchObject({
      status: 'FAILED',
      reason: expect.stringContaining('number'),
      linkedWorkItemKeys: [],
    });
    // The repository's next delivery is processed as usual, and nothing of the failed one was stored.
    await settle(org, github);
    expect((await org.api.get(`${WORK_ITEMS}/${target.key}/artifacts`)).body.pullRequests).toEqual([]);
    // pino writes through a pipe into the log files: give the last lines time to land.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const lines = logLinesMentioning(deliveryId);
    expect(lines.filter((line) => line.level >= 40).map((line) => [line.level, line.msg])).toEqual([[40, expect.stringContaining('marked failed')]]);
    // No error (with its stack) per retry: the number appears in that one warning only.
    expect(logLinesMentioning(String(number)).filter((line) => line.level >= 50)).toEqual([]);
  });

  it('a branch name longer than its index can hold fails that delivery only', async () => {
    const org = await createOrganization();
    const github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    const target = await item(org);
    // Random, so that PostgreSQL cannot compress it to fit the index.
    const answer = await postGithub(github, 'push', githubPush(github.fullName, `feature/${target.key}-${randomBytes(1600).toString('hex')}`, [{ message: target.key }], { created: true }));
    expect(answer.status).toBe(202);
    const entries = await eventually(() => repoDeliveriesOf(org.api, github.id), { until: (list) => list.some((d) => d.id === answer.body.deliveryId) });
    expect(entries.find((d) => d.id === answer.body.deliveryId)).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('branch') });
    await settle(org, github);
    expect((await org.api.get(`${WORK_ITEMS}/${target.key}/artifacts`)).body).toEqual({ branches: [], commits: [], pullRequests: [], nextCursor: null });
  });
});

describe('GET /repositories/{id}/deliveries', () => {
  let org: TestOrganization;
  let github: Connection;
  let target: Json;
  const ids: Record<string, string> = {};
  let entries: Json[];

  beforeAll(async () => {
    org = await createOrganization();
    github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    target = await item(org, 'Delivered');
    ids.processed = randomUUID();
    const push = githubPush(github.fullName, `feature/${target.key}`, [{ message: `${target.key} start` }], { created: true });
    expect((await postGithub(github, 'push', push, { deliveryId: ids.processed })).status).toBe(202);
    ids.tag = randomUUID();
    const tag = { ...githubPush(github.fullName, 'x', []), ref: 'refs/tags/v1.0.0' };
    expect((await postGithub(github, 'push', tag, { deliveryId: ids.tag })).status).toBe(202);
    expect((await postGithub(github, 'push', push, { deliveryId: ids.processed })).status).toBe(200);
    ids.malformed = randomUUID();
    expect((await postGithub(github, 'push', undefined, { raw: '{"ref": ', deliveryId: ids.malformed })).status).toBe(400);
    ids.foreign = randomUUID();
    expect((await postGithub(github, 'push', githubPush('someone/else', 'main', [{ message: target.key }]), { deliveryId: ids.foreign })).status).toBe(202);
    entries = await eventually(() => repoDeliveriesOf(org.api, github.id), { until: (list) => list.length === 5 });
  });

  it('lists what the receiver did with each delivery, newest first, never the body', async () => {
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(DELIVERY_FIELDS);
      expect(Date.parse(entry.receivedAt)).not.toBeNaN();
    }
    const times = entries.map((entry) => entry.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const byId = (providerId: string) => entries.filter((entry) => entry.providerDeliveryId === providerId);
    expect(byId(ids.processed).map((e) => [e.status, e.event, e.linkedWorkItemKeys])).toEqual(
      expect.arrayContaining([
        ['PROCESSED', 'push', [target.key]],
        ['DUPLICATE', 'push', []],
      ]),
    );
    const [processed, duplicate] = ['PROCESSED', 'DUPLICATE'].map((status) => byId(ids.processed).find((e) => e.status === status));
    expect(processed.reason).toBeNull();
    expect(duplicate.reason).toEqual(expect.any(String));
    expect(duplicate.id).not.toBe(processed.id);
    expect(byId(ids.tag)).toEqual([expect.objectContaining({ status: 'IGNORED', reason: 'not a branch: refs/tags/v1.0.0', linkedWorkItemKeys: [] })]);
    expect(byId(ids.malformed)).toEqual([expect.objectContaining({ status: 'FAILED', reason: 'malformed JSON' })]);
    expect(byId(ids.foreign)).toEqual([expect.objectContaining({ status: 'IGNORED', reason: expect.stringContaining('someone/else') })]);
    // Nothing of any body: not the commit message, not the branch.
    expect(JSON.stringify(entries)).not.toContain('start');
    expect(JSON.stringify(entries)).not.toContain('feature/');
  });

  it('pages with limit and cursor (Link, X-Next-Cursor) like every list', async () => {
    const seen: Json[] = [];
    let path: string | null = `${REPOSITORIES}/${github.id}/deliveries?limit=2`;
    const sizes: number[] = [];
    while (path) {
      const page: ApiResponse = await org.api.get(path);
      expect(page.status).toBe(200);
      sizes.push(page.body.length);
      seen.push(...page.body);
      const cursor: string | null = page.headers.get('x-next-cursor');
      if (cursor) expect(page.headers.get('link')).toContain('rel="next"');
      path = cursor ? `${REPOSITORIES}/${github.id}/deliveries?limit=2&cursor=${encodeURIComponent(cursor)}` : null;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(entries);
    expect((await org.api.get(`${REPOSITORIES}/${github.id}/deliveries?limit=0`)).status).toBe(400);
    expect((await org.api.get(`${REPOSITORIES}/${github.id}/deliveries?cursor=nonsense`)).status).toBe(400);
  });

  it('is another organization\'s 404, an unknown id\'s 404', async () => {
    const other = await createOrganization();
    expect((await other.api.get(`${REPOSITORIES}/${github.id}/deliveries`)).status).toBe(404);
    expect((await org.api.get(`${REPOSITORIES}/${randomUUID()}/deliveries`)).status).toBe(404);
  });
});

describe('GitLab draft toggles (Merge Request Hook "update" with changes.draft)', () => {
  it('marked as draft runs onPullRequestDraft; marked ready runs onPullRequestOpened', async () => {
    const org = await createOrganization();
    const gitlab = await connectRepository(org, {
      provider: 'GITLAB',
      fullName: uniqueRepo('platform'),
      automations: { onPullRequestDraft: 'IN_PROGRESS', onPullRequestOpened: 'IN_REVIEW' },
    });
    const [drafted, readied] = [await item(org, 'Drafted'), await item(org, 'Readied')];
    const base = Date.parse('2026-11-20T10:00:00Z');
    const at = (minutes: number) => gitlabTime(new Date(base + minutes * 60_000));

    // A request opened before the connection existed, then turned into a draft.
    const toDraft = gitlabMergeRequest(gitlab.fullName, {
      iid: 51,
      title: `Draft: ${drafted.key} Billing`,
      source: 'billing',
      action: 'update',
      draft: true,
      updatedAt: at(1),
      changes: { draft: { previous: false, current: true }, title: { previous: `${drafted.key} Billing`, current: `Draft: ${drafted.key} Billing` }, updated_at: { previous: at(0), current: at(1) } },
    });
    expect((await postGitlab(gitlab, 'Merge Request Hook', toDraft)).status).toBe(202);
    await eventually(() => workItemOf(org.api, drafted.key), { until: (item) => item.status === 'IN_PROGRESS' });
    expect((await pullRequestOf(org, drafted.key)).state).toBe('DRAFT');

    // Opened as a draft, then marked ready.
    const mr = { iid: 52, source: 'invoices' };
    expect((await postGitlab(gitlab, 'Merge Request Hook', gitlabMergeRequest(gitlab.fullName, { ...mr, title: `Draft: ${readied.key} Invoices`, action: 'open', draft: true, updatedAt: at(2) }))).status).toBe(202);
    await eventually(() => workItemOf(org.api, readied.key), { until: (item) => item.status === 'IN_PROGRESS' });
    const ready = gitlabMergeRequest(gitlab.fullName, {
      ...mr,
      title: `${readied.key} Invoices`,
      action: 'update',
      draft: false,
      updatedAt: at(3),
      changes: { draft: { previous: true, current: false }, title: { previous: `Draft: ${readied.key} Invoices`, current: `${readied.key} Invoices` }, updated_at: { previous: at(2), current: at(3) } },
    });
    expect((await postGitlab(gitlab, 'Merge Request Hook', ready)).status).toBe(202);
    await eventually(() => workItemOf(org.api, readied.key), { until: (item) => item.status === 'IN_REVIEW' });
    expect((await pullRequestOf(org, readied.key)).state).toBe('OPEN');

    // An update that changes something else runs nothing.
    const other = await item(org, 'Edited');
    const edit = gitlabMergeRequest(gitlab.fullName, {
      iid: 53,
      title: `${other.key} Reports`,
      source: 'reports',
      action: 'update',
      updatedAt: at(4),
      changes: { title: { previous: 'Reports', current: `${other.key} Reports` }, updated_at: { previous: at(3), current: at(4) } },
    });
    expect((await postGitlab(gitlab, 'Merge Request Hook', edit)).status).toBe(202);
    await settle(org, gitlab);
    expect(await statusOf(org, other.key)).toBe('BACKLOG');
    expect((await pullRequestOf(org, other.key)).state).toBe('OPEN');
  });
});
