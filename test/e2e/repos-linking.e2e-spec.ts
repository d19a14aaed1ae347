import { TestOrganization, createOrganization } from './support/client';
import { eventually } from './support/eventually';
import {
  Connection,
  REPOSITORIES,
  artifactsOf,
  connectRepository,
  githubPullRequest,
  githubPush,
  gitlabMergeRequest,
  gitlabPush,
  postGithub,
  postGitlab,
  settle,
  sha,
  uniqueRepo,
} from './support/repos';

const WORK_ITEMS = '/api/v1/work-items';

async function items(org: TestOrganization, count: number): Promise<{ id: string; key: string }[]> {
  const created = [];
  for (let i = 0; i < count; i++) created.push((await org.api.post(WORK_ITEMS, { title: `Item ${i + 1}`, type: 'TASK' })).body);
  return created;
}

async function expectAccepted(response: Promise<{ status: number; text: string }>): Promise<void> {
  const answer = await response;
  expect([answer.status, answer.text]).toEqual([202, expect.stringContaining('"accepted":true')]);
}

describe('linking by work-item key', () => {
  let org: TestOrganization;
  let github: Connection;
  beforeAll(async () => {
    org = await createOrganization();
    github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
  });

  it('a GitHub push of a new branch with several commits links the branch by name and each commit by its message', async () => {
    const [a, b, c] = await items(org, 3);
    const shas = [sha(), sha(), sha()];
    const longMessage = `${a.key.toLowerCase()}: first line\n\n${'x'.repeat(3000)}`;
    await expectAccepted(
      postGithub(
        github,
        'push',
        githubPush(github.fullName, `feature/${a.key.toLowerCase()}-login`, [
          { id: shas[0], message: longMessage },
          { id: shas[1], message: `Refactor for ${b.key} (see also kiwi-3)` },
          { id: shas[2], message: 'No key here' },
        ], { created: true }),
      ),
    );
    const onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.branches.length === 1 && body.commits.length === 1 });
    expect(onA.branches[0]).toMatchObject({
      name: `feature/${a.key.toLowerCase()}-login`,
      url: `https://github.com/${github.fullName}/tree/feature/${a.key.toLowerCase()}-login`,
      lastCommitSha: shas[2],
      deleted: false,
      provider: 'GITHUB',
      repository: github.fullName,
      connectionId: github.id,
      linkedBy: [{ source: 'branch', text: `feature/${a.key.toLowerCase()}-login` }],
    });
    expect(onA.commits[0]).toMatchObject({
      sha: shas[0],
      shortSha: shas[0].slice(0, 7),
      url: `https://github.com/${github.fullName}/commit/${shas[0]}`,
      authorName: 'Ada Lovelace',
      linkedBy: [{ source: 'commit_message', text: `${a.key.toLowerCase()}: first line` }],
    });
    expect(onA.commits[0].message).toHaveLength(2000);
    expect(typeof onA.commits[0].committedAt).toBe('string');
    const onB = await eventually(() => artifactsOf(org.api, b.key), { until: (body) => body.commits.length === 1 });
    expect(onB.branches).toEqual([]);
    expect(onB.commits[0]).toMatchObject({ sha: shas[1], linkedBy: [{ source: 'commit_message', text: `Refactor for ${b.key} (see also kiwi-3)` }] });
    expect((await org.api.get(`${WORK_ITEMS}/${c.key}/artifacts`)).body).toEqual({ branches: [], commits: [], pullRequests: [], nextCursor: null });
  });

  it('a pull request opened as draft, edited, then merged is one artifact whose state follows; title, body and branch link', async () => {
    const [a, b, c, d] = await items(org, 4);
    const pr = { number: 101, title: `${a.key} Add login`, body: `Fixes ${b.key}\n\nRelated to ${c.key}`, head: `feature/${d.key}`, draft: true };
    await expectAccepted(postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'opened', pr)));
    let onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.pullRequests.length === 1 });
    expect(onA.pullRequests[0]).toMatchObject({
      number: 101,
      title: `${a.key} Add login`,
      url: `https://github.com/${github.fullName}/pull/101`,
      state: 'DRAFT',
      sourceBranch: `feature/${d.key}`,
      targetBranch: 'main',
      authorLogin: 'ada',
      mergedAt: null,
      linkedBy: [{ source: 'title', text: `${a.key} Add login` }],
    });
    const onB = await eventually(() => artifactsOf(org.api, b.key), { until: (body) => body.pullRequests.length === 1 });
    expect(onB.pullRequests[0].linkedBy).toEqual([{ source: 'body', text: `Fixes ${b.key}` }]);
    const onC = await eventually(() => artifactsOf(org.api, c.key), { until: (body) => body.pullRequests.length === 1 });
    expect(onC.pullRequests[0].linkedBy).toEqual([{ source: 'body', text: `Related to ${c.key}` }]);
    const onD = await eventually(() => artifactsOf(org.api, d.key), { until: (body) => body.pullRequests.length === 1 });
    expect(onD.pullRequests[0].linkedBy).toEqual([{ source: 'branch', text: `feature/${d.key}` }]);

    await expectAccepted(postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'ready_for_review', { ...pr, draft: false })));
    await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.pullRequests[0]?.state === 'OPEN' });
    await expectAccepted(postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'edited', { ...pr, draft: false, title: `${a.key} Add login (v2)` })));
    onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.pullRequests[0]?.title === `${a.key} Add login (v2)` });
    expect(onA.pullRequests[0].linkedBy).toEqual([{ source: 'title', text: `${a.key} Add login (v2)` }]);
    await expectAccepted(postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'closed', { ...pr, draft: false, state: 'closed', merged: true })));
    onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.pullRequests[0]?.state === 'MERGED' });
    expect(onA.pullRequests).toHaveLength(1);
    expect(typeof onA.pullRequests[0].mergedAt).toBe('string');
  });

  it('a pull request closed without merging becomes CLOSED', async () => {
    const [a] = await items(org, 1);
    const pr = { number: 102, title: `Try ${a.key}`, head: 'spike' };
    await expectAccepted(postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'opened', pr)));
    await expectAccepted(postGithub(github, 'pull_request', githubPullRequest(github.fullName, 'closed', { ...pr, state: 'closed' })));
    const onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.pullRequests[0]?.state === 'CLOSED' });
    expect(onA.pullRequests[0].mergedAt).toBeNull();
  });

  it('a deleted branch stays on the item, marked deleted; pushing it again brings it back', async () => {
    const [a] = await items(org, 1);
    const branch = `bugfix/${a.key}`;
    await expectAccepted(postGithub(github, 'push', githubPush(github.fullName, branch, [{ message: 'wip' }], { created: true })));
    await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.branches.length === 1 });
    await expectAccepted(postGithub(github, 'push', githubPush(github.fullName, branch, [], { deleted: true })));
    let onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.branches[0]?.deleted === true });
    expect(onA.branches).toHaveLength(1);
    const head = sha();
    await expectAccepted(postGithub(github, 'push', githubPush(github.fullName, branch, [{ id: head, message: 'again' }], { created: true, forced: true })));
    onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.branches[0]?.deleted === false });
    expect(onA.branches[0].lastCommitSha).toBe(head);
  });

  it('keys inside other words, zero-padded keys and unknown keys link nothing', async () => {
    const [a] = await items(org, 1);
    const number = a.key.split('-')[1];
    await expectAccepted(
      postGithub(github, 'push', githubPush(github.fullName, `kiwi-${number}`, [{ message: `swi-${number} and WI-0${number} and WI-999999` }], { created: true })),
    );
    await settle(org, github);
    expect((await org.api.get(`${WORK_ITEMS}/${a.key}/artifacts`)).body).toEqual({ branches: [], commits: [], pullRequests: [], nextCursor: null });
  });

  it('reads artifacts by key or id; unknown and foreign work items are 404', async () => {
    const [a] = await items(org, 1);
    expect((await org.api.get(`${WORK_ITEMS}/${a.id}/artifacts`)).status).toBe(200);
    expect((await org.api.get(`${WORK_ITEMS}/${a.key.toLowerCase()}/artifacts`)).status).toBe(200);
    expect((await org.api.get(`${WORK_ITEMS}/WI-99999/artifacts`)).status).toBe(404);
    const other = await createOrganization();
    expect((await other.api.get(`${WORK_ITEMS}/${a.id}/artifacts`)).status).toBe(404);
  });

  it('a deleted connection keeps its artifacts on the work items', async () => {
    const [a] = await items(org, 1);
    const temporary = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    await expectAccepted(postGithub(temporary, 'push', githubPush(temporary.fullName, `feature/${a.key}`, [{ message: a.key }], { created: true })));
    await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.branches.length === 1 && body.commits.length === 1 });
    expect((await org.api.delete(`${REPOSITORIES}/${temporary.id}`)).status).toBe(200);
    const after = await org.api.get(`${WORK_ITEMS}/${a.key}/artifacts`);
    expect(after.body.branches[0]).toMatchObject({ repository: temporary.fullName, connectionId: temporary.id });
    expect(after.body.commits).toHaveLength(1);
  });
});

describe('GitLab linking', () => {
  it('a push listing fewer commits than total_commits_count links what is listed', async () => {
    const org = await createOrganization();
    const gitlab = await connectRepository(org, { provider: 'GITLAB', fullName: `group/sub/${uniqueRepo().split('/')[1]}` });
    const [a, b] = await items(org, 2);
    const shas = [sha(), sha()];
    const push = gitlabPush(gitlab.fullName, `feature/${a.key}`, [{ id: shas[0], message: `${a.key} one` }, { id: shas[1], message: `${b.key} two` }], 40, true);
    await expectAccepted(postGitlab(gitlab, 'Push Hook', push));
    const onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.branches.length === 1 && body.commits.length === 1 });
    expect(onA.branches[0]).toMatchObject({ url: `https://gitlab.com/${gitlab.fullName}/-/tree/feature/${a.key}`, provider: 'GITLAB', lastCommitSha: shas[1] });
    expect(onA.commits[0]).toMatchObject({ sha: shas[0], url: `https://gitlab.com/${gitlab.fullName}/-/commit/${shas[0]}`, authorName: 'Grace Hopper' });
    const onB = await eventually(() => artifactsOf(org.api, b.key), { until: (body) => body.commits.length === 1 });
    expect(onB.commits[0].sha).toBe(shas[1]);
  });

  it('a merge request opened, updated and merged is one artifact', async () => {
    const org = await createOrganization();
    const gitlab = await connectRepository(org, { provider: 'GITLAB', fullName: uniqueRepo('platform') });
    const [a, b] = await items(org, 2);
    const mr = { iid: 7, title: `${a.key} Payments`, description: 'First cut', source: 'payments' };
    await expectAccepted(postGitlab(gitlab, 'Merge Request Hook', gitlabMergeRequest(gitlab.fullName, { ...mr, action: 'open' })));
    let onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.pullRequests.length === 1 });
    expect(onA.pullRequests[0]).toMatchObject({
      number: 7,
      state: 'OPEN',
      url: `https://gitlab.com/${gitlab.fullName}/-/merge_requests/7`,
      sourceBranch: 'payments',
      targetBranch: 'main',
      authorLogin: 'grace',
    });
    await expectAccepted(postGitlab(gitlab, 'Merge Request Hook', gitlabMergeRequest(gitlab.fullName, { ...mr, action: 'update', description: `Closes ${b.key}` })));
    const onB = await eventually(() => artifactsOf(org.api, b.key), { until: (body) => body.pullRequests.length === 1 });
    expect(onB.pullRequests[0].linkedBy).toEqual([{ source: 'body', text: `Closes ${b.key}` }]);
    await expectAccepted(postGitlab(gitlab, 'Merge Request Hook', gitlabMergeRequest(gitlab.fullName, { ...mr, action: 'merge', state: 'merged' })));
    onA = await eventually(() => artifactsOf(org.api, a.key), { until: (body) => body.pullRequests[0]?.state === 'MERGED' });
    expect(onA.pullRequests).toHaveLength(1);
    expect(typeof onA.pullRequests[0].mergedAt).toBe('string');
  });
});

describe('tenant isolation', () => {
  it('a key of organization B in a repository of organization A links nothing', async () => {
    const orgA = await createOrganization();
    const orgB = await createOrganization();
    const [itemA] = await items(orgA, 1);
    // WI-4 exists in B only (A's marker item of settle() becomes WI-2).
    const itemB = (await items(orgB, 4))[3];
    const connection = await connectRepository(orgA, { provider: 'GITHUB', fullName: uniqueRepo(), automations: { onBranchCreated: 'IN_PROGRESS' } });
    expect(itemB.key).toBe('WI-4');
    await expectAccepted(postGithub(connection, 'push', githubPush(connection.fullName, `feature/${itemB.key}`, [{ message: `${itemB.key} ${itemA.key}` }], { created: true })));
    await settle(orgA, connection);
    expect((await orgB.api.get(`${WORK_ITEMS}/${itemB.key}/artifacts`)).body).toEqual({ branches: [], commits: [], pullRequests: [], nextCursor: null });
    expect((await orgB.api.get(`${WORK_ITEMS}/${itemB.key}`)).body.status).toBe('BACKLOG');
    // Organization A has no WI-4: only its own WI-1 is linked, by the commit message.
    const onA = await orgA.api.get(`${WORK_ITEMS}/${itemA.key}/artifacts`);
    expect(onA.body.branches).toEqual([]);
    expect(onA.body.commits).toHaveLength(1);
  });
});

describe('preview-links', () => {
  it('lists the keys that would link and which would move the item on merge', async () => {
    const org = await createOrganization();
    const [a, b] = await items(org, 2);
    const preview = await org.api.post(`${REPOSITORIES}/preview-links`, { text: `feature/${a.key.toLowerCase()} Fixes ${b.key}, see WI-4040` });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      links: [
        { key: a.key, workItemId: a.id, status: 'BACKLOG', movesOnMerge: false, linkedBy: [{ source: 'body', text: `feature/${a.key.toLowerCase()} Fixes ${b.key}, see WI-4040` }] },
        { key: b.key, workItemId: b.id, status: 'BACKLOG', movesOnMerge: true, linkedBy: [{ source: 'body', text: `feature/${a.key.toLowerCase()} Fixes ${b.key}, see WI-4040` }] },
      ],
      unknownKeys: ['WI-4040'],
    });
    const asTitle = await org.api.post(`${REPOSITORIES}/preview-links`, { text: `${a.key} tidy`, source: 'title' });
    expect(asTitle.body.links[0]).toMatchObject({ key: a.key, movesOnMerge: true, linkedBy: [{ source: 'title', text: `${a.key} tidy` }] });
    expect((await org.api.post(`${REPOSITORIES}/preview-links`, {})).status).toBe(400);
    expect((await org.api.post(`${REPOSITORIES}/preview-links`, { text: 'x', source: 'tag' })).status).toBe(400);
  });
});
