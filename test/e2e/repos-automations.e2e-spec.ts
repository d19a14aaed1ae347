import { randomBytes } from 'node:crypto';
import { TestOrganization, createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { Receiver, createWebhook } from './support/receiver';
import {
  Connection,
  REPOSITORIES,
  artifactsOf,
  connectRepository,
  githubPullRequest,
  githubPush,
  gitlabMergeRequest,
  postGithub,
  postGitlab,
  settle,
  sha,
  uniqueRepo,
  workItemOf,
} from './support/repos';

const WORK_ITEMS = '/api/v1/work-items';
const AUTOMATIONS = {
  onBranchCreated: 'IN_PROGRESS',
  onPullRequestOpened: 'IN_REVIEW',
  onPullRequestDraft: 'IN_PROGRESS',
  onPullRequestMerged: 'DONE',
  onPullRequestClosed: 'CANCELLED',
};

describe('status automations', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
  });
  afterAll(() => receiver.stop());

  async function setup(provider: 'GITHUB' | 'GITLAB' = 'GITHUB', automations: object = AUTOMATIONS) {
    const org = await createOrganization();
    const path = `/status-${randomBytes(4).toString('hex')}`;
    await createWebhook(org, `${receiver.url}${path}`, ['work_item.status_changed']);
    const connection = await connectRepository(org, { provider, fullName: uniqueRepo(), automations });
    return { org, connection, path };
  }
  const item = async (org: TestOrganization, status?: string) =>
    (await org.api.post(WORK_ITEMS, { title: 'Automated', type: 'TASK', ...(status ? { status } : {}) })).body;
  const statusChanges = (path: string, id: string) =>
    receiver.requests.filter((r) => r.path === path && r.body.data.id === id).map((r) => [r.body.data.previousStatus, r.body.data.status]);

  it('moves an item through the PATCH path: visible on the item and as work_item.status_changed at a webhook', async () => {
    const { org, connection, path } = await setup();
    const target = await item(org);
    const branch = `feature/${target.key}`;
    await postGithub(connection, 'push', githubPush(connection.fullName, branch, [{ message: 'start' }], { created: true }));
    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'IN_PROGRESS' });
    const [request] = await eventually(() => receiver.received((r) => r.path === path && r.body.data.id === target.id), { until: atLeast(1) });
    expect(request.body).toMatchObject({
      event: 'work_item.status_changed',
      organizationId: org.organization.id,
      data: { id: target.id, key: target.key, status: 'IN_PROGRESS', previousStatus: 'BACKLOG' },
    });

    const pr = { number: 5, title: `Login for ${target.key}`, head: branch };
    await postGithub(connection, 'pull_request', githubPullRequest(connection.fullName, 'opened', pr));
    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'IN_REVIEW' });
    await postGithub(connection, 'pull_request', githubPullRequest(connection.fullName, 'closed', { ...pr, state: 'closed', merged: true }));
    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'DONE' });
    await eventually(() => receiver.received((r) => r.path === path && r.body.data.id === target.id), { until: atLeast(3) });
    // Step by step: these three moves and no other. Webhook deliveries carry no ordering promise
    // (docs/webhooks.md), so the order they arrived in is not part of it; previousStatus chains them.
    expect(statusChanges(path, target.id).sort()).toEqual([
      ['BACKLOG', 'IN_PROGRESS'],
      ['IN_PROGRESS', 'IN_REVIEW'],
      ['IN_REVIEW', 'DONE'],
    ]);
  });

  it('applies a burst of one repository’s deliveries in arrival order: artifacts end as the last one says, the item moves step by step', async () => {
    const { org, connection, path } = await setup();
    const target = await item(org);
    const branch = `feature/${target.key}`;
    const spike = `spike/${target.key}`;
    const head = sha();
    const pr = { number: 21, title: `${target.key} Burst`, head: branch };
    // Back to back, without waiting for processing: they are processed together.
    const burst: [string, object][] = [
      ['push', githubPush(connection.fullName, branch, [{ message: `${target.key} one` }], { created: true })],
      ['push', githubPush(connection.fullName, spike, [{ message: 'try' }], { created: true })],
      ['pull_request', githubPullRequest(connection.fullName, 'opened', pr)],
      ['push', githubPush(connection.fullName, spike, [], { deleted: true })],
      ['push', githubPush(connection.fullName, branch, [{ id: head, message: 'two' }])],
      ['pull_request', githubPullRequest(connection.fullName, 'closed', { ...pr, state: 'closed', merged: true })],
    ];
    for (const [event, payload] of burst) expect((await postGithub(connection, event, payload)).status).toBe(202);

    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'DONE' });
    const artifacts = await eventually(() => artifactsOf(org.api, target.key), { until: (b) => b.pullRequests[0]?.state === 'MERGED' && b.branches.length === 2 });
    const branches = artifacts.branches.map((b: { name: string; deleted: boolean; lastCommitSha: string }) => [b.name, b.deleted, b.lastCommitSha]).sort();
    expect(branches).toEqual([
      [branch, false, head],
      [spike, true, expect.any(String)],
    ]);
    expect(artifacts.pullRequests).toHaveLength(1);
    expect(artifacts.pullRequests[0]).toMatchObject({ number: 21, state: 'MERGED', authorLogin: 'ada' });
    expect(artifacts.commits.map((c: { message: string }) => c.message)).toEqual([`${target.key} one`]);
    await eventually(() => receiver.received((r) => r.path === path && r.body.data.id === target.id), { until: atLeast(3) });
    // Step by step: these three moves and no other. Webhook deliveries carry no ordering promise
    // (docs/webhooks.md), so the order they arrived in is not part of it; previousStatus chains them.
    expect(statusChanges(path, target.id).sort()).toEqual([
      ['BACKLOG', 'IN_PROGRESS'],
      ['IN_PROGRESS', 'IN_REVIEW'],
      ['IN_REVIEW', 'DONE'],
    ]);
  });

  it('never moves backwards, never out of DONE or CANCELLED, and may skip forward', async () => {
    const { org, connection } = await setup();
    const testing = await item(org, 'TESTING_LOCAL');
    const done = await item(org, 'DONE');
    const cancelled = await item(org, 'CANCELLED');
    const todo = await item(org, 'TODO');
    await postGithub(connection, 'pull_request', githubPullRequest(connection.fullName, 'opened', { number: 9, title: `${testing.key} ${done.key} ${cancelled.key} ${todo.key}`, head: 'x' }));
    await eventually(() => workItemOf(org.api, todo.key), { until: (item) => item.status === 'IN_REVIEW' });
    await settle(org, connection);
    expect((await org.api.get(`${WORK_ITEMS}/${testing.key}`)).body.status).toBe('TESTING_LOCAL');
    expect((await org.api.get(`${WORK_ITEMS}/${done.key}`)).body.status).toBe('DONE');
    expect((await org.api.get(`${WORK_ITEMS}/${cancelled.key}`)).body.status).toBe('CANCELLED');
    await postGithub(connection, 'pull_request', githubPullRequest(connection.fullName, 'closed', { number: 9, title: `${testing.key}`, head: 'x', state: 'closed' }));
    await eventually(() => workItemOf(org.api, testing.key), { until: (item) => item.status === 'CANCELLED' });
  });

  it('links an archived item but leaves its status alone; a live item in the same pull request moves', async () => {
    const { org, connection } = await setup();
    const archived = await item(org, 'TODO');
    const live = await item(org, 'TODO');
    expect((await org.api.post(`${WORK_ITEMS}/${archived.key}/archive`)).status).toBe(200);
    await postGithub(connection, 'pull_request', githubPullRequest(connection.fullName, 'opened', { number: 21, title: `${archived.key} ${live.key}`, head: 'both' }));
    await eventually(() => workItemOf(org.api, live.key), { until: (item) => item.status === 'IN_REVIEW' });
    await settle(org, connection);
    const after = await workItemOf(org.api, archived.key);
    expect(after).toMatchObject({ status: 'TODO', archivedAt: expect.any(String) });
    expect((await eventually(() => artifactsOf(org.api, archived.key), { until: (b) => b.pullRequests.length === 1 })).pullRequests[0].number).toBe(21);
  });

  it('applies to branch, title and closing words only: a bare mention or a commit message only links', async () => {
    const { org, connection } = await setup();
    const [closing, bare, committed] = [await item(org), await item(org), await item(org)];
    await postGithub(connection, 'push', githubPush(connection.fullName, 'main', [{ message: `Fixes ${committed.key}` }]));
    await postGithub(
      connection,
      'pull_request',
      githubPullRequest(connection.fullName, 'opened', { number: 11, title: 'Tidy up', body: `Resolves ${closing.key}\nRelated to ${bare.key}`, head: 'tidy' }),
    );
    await eventually(() => workItemOf(org.api, closing.key), { until: (item) => item.status === 'IN_REVIEW' });
    await settle(org, connection);
    expect((await org.api.get(`${WORK_ITEMS}/${bare.key}`)).body.status).toBe('BACKLOG');
    expect((await org.api.get(`${WORK_ITEMS}/${committed.key}`)).body.status).toBe('BACKLOG');
    expect((await eventually(() => artifactsOf(org.api, bare.key), { until: (b) => b.pullRequests.length === 1 })).pullRequests[0].number).toBe(11);
    expect((await eventually(() => artifactsOf(org.api, committed.key), { until: (b) => b.commits.length === 1 })).commits).toHaveLength(1);
  });

  it('runs the merge automation only into the default branch, and drafts use their own status', async () => {
    const { org, connection } = await setup();
    const release = await item(org);
    const draft = await item(org);
    await postGithub(connection, 'pull_request', githubPullRequest(connection.fullName, 'closed', { number: 12, title: release.key, head: 'hotfix', base: 'release', state: 'closed', merged: true }));
    await postGithub(connection, 'pull_request', githubPullRequest(connection.fullName, 'opened', { number: 13, title: draft.key, head: 'wip', draft: true }));
    await eventually(() => workItemOf(org.api, draft.key), { until: (item) => item.status === 'IN_PROGRESS' });
    await settle(org, connection);
    expect((await org.api.get(`${WORK_ITEMS}/${release.key}`)).body.status).toBe('BACKLOG');
    expect((await eventually(() => artifactsOf(org.api, release.key), { until: (b) => b.pullRequests.length === 1 })).pullRequests[0].state).toBe('MERGED');
  });

  it('GitLab merge request open and merge move the item; without automations nothing moves', async () => {
    const { org, connection } = await setup('GITLAB');
    const target = await item(org);
    const mr = { iid: 3, title: `${target.key} Billing`, source: 'billing' };
    await postGitlab(connection, 'Merge Request Hook', gitlabMergeRequest(connection.fullName, { ...mr, action: 'open' }));
    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'IN_REVIEW' });
    await postGitlab(connection, 'Merge Request Hook', gitlabMergeRequest(connection.fullName, { ...mr, action: 'merge', state: 'merged' }));
    await eventually(() => workItemOf(org.api, target.key), { until: (item) => item.status === 'DONE' });

    const off: Connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    const untouched = await item(org);
    await postGithub(off, 'push', githubPush(off.fullName, `feature/${untouched.key}`, [{ message: 'x' }], { created: true }));
    await eventually(() => artifactsOf(org.api, untouched.key), { until: (b) => b.branches.length === 1 });
    await settle(org, off);
    expect((await org.api.get(`${WORK_ITEMS}/${untouched.key}`)).body.status).toBe('BACKLOG');
    // Turning an automation on later applies to later deliveries.
    await org.api.patch(`${REPOSITORIES}/${off.id}`, { automations: { onPullRequestOpened: 'IN_REVIEW' } });
    await postGithub(off, 'pull_request', githubPullRequest(off.fullName, 'opened', { number: 1, title: untouched.key, head: `feature/${untouched.key}` }));
    await eventually(() => workItemOf(org.api, untouched.key), { until: (item) => item.status === 'IN_REVIEW' });
  });
});
