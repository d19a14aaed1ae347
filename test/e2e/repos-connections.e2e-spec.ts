import { createMember, createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { REPOSITORIES, artifactsOf, connectRepository, githubPush, gitlabPush, postGithub, postGitlab, uniqueRepo } from './support/repos';
import { stackInfo } from './support/stack-info';

const CONNECTION_FIELDS = ['id', 'provider', 'fullName', 'webUrl', 'defaultBranch', 'webhookUrl', 'automations', 'active', 'lastDeliveryAt', 'createdAt', 'updatedAt'];
const NO_AUTOMATIONS = { onBranchCreated: null, onPullRequestOpened: null, onPullRequestDraft: null, onPullRequestMerged: null, onPullRequestClosed: null };

describe('repository connections', () => {
  it('connects a GitHub repository: receiver URL, a secret shown once, the setup steps, defaults', async () => {
    const org = await createOrganization();
    const fullName = uniqueRepo();
    const created = await org.api.post(REPOSITORIES, { provider: 'GITHUB', fullName });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body).sort()).toEqual([...CONNECTION_FIELDS, 'secret', 'setup'].sort());
    expect(created.body).toMatchObject({
      provider: 'GITHUB',
      fullName,
      webUrl: `https://github.com/${fullName}`,
      defaultBranch: 'main',
      automations: NO_AUTOMATIONS,
      active: true,
      lastDeliveryAt: null,
    });
    expect(created.body.webhookUrl).toBe(`${stackInfo().repoReceiverUrl.replace('127.0.0.1', 'localhost')}/hooks/github/${created.body.id}`);
    expect(Buffer.from(created.body.secret, 'base64url')).toHaveLength(32);
    expect(created.body.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body.setup).toMatchObject({
      payloadUrl: created.body.webhookUrl,
      contentType: 'application/json',
      events: ['Pushes', 'Pull requests'],
    });
    // The secret is shown once, in `secret`, not repeated inside `setup`.
    expect(JSON.stringify(created.body.setup)).not.toContain(created.body.secret);
    expect(created.body.setup.steps.join('\n')).toContain(created.body.webhookUrl);

    const read = await org.api.get(`${REPOSITORIES}/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(Object.keys(read.body).sort()).toEqual([...CONNECTION_FIELDS].sort());
    expect(read.text).not.toContain(created.body.secret);
    const list = await org.api.get(REPOSITORIES);
    expect(list.status).toBe(200);
    expect(list.body.map((r: { id: string }) => r.id)).toEqual([created.body.id]);
    expect(list.text).not.toContain(created.body.secret);
  });

  it('connects a self-hosted GitLab project in a subgroup, with its own web URL and the GitLab steps', async () => {
    const org = await createOrganization();
    const created = await org.api.post(REPOSITORIES, {
      provider: 'GITLAB',
      fullName: 'platform/backend/api',
      webUrl: 'https://git.example.com/platform/backend/api',
      defaultBranch: 'develop',
      automations: { onPullRequestMerged: 'DONE' },
    });
    expect(created.status).toBe(200);
    expect(created.body.webhookUrl).toMatch(new RegExp(`/hooks/gitlab/${created.body.id}$`));
    expect(created.body).toMatchObject({ webUrl: 'https://git.example.com/platform/backend/api', defaultBranch: 'develop' });
    expect(created.body.automations).toEqual({ ...NO_AUTOMATIONS, onPullRequestMerged: 'DONE' });
    expect(created.body.setup).toMatchObject({ events: ['Push events', 'Merge request events'] });
    expect(created.body.setup.settingsUrl).toBe('https://git.example.com/platform/backend/api/-/hooks');
  });

  it('connects a self-hosted GitLab over plain http, and links to its http addresses', async () => {
    const org = await createOrganization();
    const fullName = uniqueRepo('platform');
    const created = await org.api.post(REPOSITORIES, { provider: 'GITLAB', fullName, webUrl: `http://git.corp.internal/${fullName}` });
    expect(created.status).toBe(200);
    expect(created.body.webUrl).toBe(`http://git.corp.internal/${fullName}`);
    expect(created.body.setup.settingsUrl).toBe(`http://git.corp.internal/${fullName}/-/hooks`);
    const item = await org.api.post('/api/v1/work-items', { title: 'On plain http', type: 'TASK' });
    const connection = { id: created.body.id, secret: created.body.secret };
    const push = await postGitlab(connection, 'Push Hook', gitlabPush(fullName, `feature/${item.body.key}`, [{ message: 'work' }], 1, true));
    expect(push.status).toBe(202);
    const artifacts = await eventually(() => artifactsOf(org.api, item.body.key), { until: (body) => body.branches.length === 1 });
    expect(artifacts.branches[0].url).toBe(`http://git.corp.internal/${fullName}/-/tree/feature/${item.body.key}`);
    // Back to https and again to http by PATCH: a GitLab connection may use either.
    expect((await org.api.patch(`${REPOSITORIES}/${created.body.id}`, { webUrl: `https://git.corp.internal/${fullName}` })).body.webUrl).toBe(`https://git.corp.internal/${fullName}`);
    expect((await org.api.patch(`${REPOSITORIES}/${created.body.id}`, { webUrl: `http://git.corp.internal/${fullName}` })).body.webUrl).toBe(`http://git.corp.internal/${fullName}`);
  });

  it('stores webUrl in its normalized form (host case, default port, dot segments, trailing slash)', async () => {
    const org = await createOrganization();
    const created = await org.api.post(REPOSITORIES, { provider: 'GITHUB', fullName: 'acme/app', webUrl: 'https://GitHub.Example.com:443/acme/./app/' });
    expect(created.status).toBe(200);
    expect(created.body.webUrl).toBe('https://github.example.com/acme/app');
    expect((await org.api.get(`${REPOSITORIES}/${created.body.id}`)).body.webUrl).toBe('https://github.example.com/acme/app');
    const patched = await org.api.patch(`${REPOSITORIES}/${created.body.id}`, { webUrl: 'https://GITHUB.example.com/acme/x/../app' });
    expect(patched.body.webUrl).toBe('https://github.example.com/acme/app');
  });

  it('refuses the same provider and repository twice in one organization (409), but not in another', async () => {
    const org = await createOrganization();
    const fullName = uniqueRepo();
    await connectRepository(org, { provider: 'GITHUB', fullName });
    const again = await org.api.post(REPOSITORIES, { provider: 'GITHUB', fullName: fullName.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Conflict');
    expect((await org.api.post(REPOSITORIES, { provider: 'GITLAB', fullName })).status).toBe(200);
    const other = await createOrganization();
    expect((await other.api.post(REPOSITORIES, { provider: 'GITHUB', fullName })).status).toBe(200);
  });

  it.each([
    ['an unknown provider', { provider: 'BITBUCKET', fullName: 'acme/app' }, 'provider'],
    ['a fullName without a slash', { provider: 'GITHUB', fullName: 'acme' }, 'fullName'],
    ['a javascript: webUrl', { provider: 'GITHUB', fullName: 'acme/app', webUrl: 'javascript:alert(1)' }, 'webUrl'],
    ['a webUrl with credentials', { provider: 'GITLAB', fullName: 'acme/app', webUrl: 'https://user:pw@git.example.com/acme/app' }, 'webUrl'],
    ['an http webUrl with credentials', { provider: 'GITLAB', fullName: 'acme/app', webUrl: 'http://user:pw@git.example.com/acme/app' }, 'webUrl'],
    ['an http webUrl for GitHub', { provider: 'GITHUB', fullName: 'acme/app', webUrl: 'http://github.com/acme/app' }, 'webUrl'],
    ['a webUrl with quotes and angle brackets', { provider: 'GITHUB', fullName: 'acme/app', webUrl: 'https://github.com/orga/xss"><svg onload=alert(1)>' }, 'webUrl'],
    ['a webUrl with whitespace', { provider: 'GITLAB', fullName: 'acme/app', webUrl: 'https://git.example.com/acme/my app' }, 'webUrl'],
    ['a webUrl with a query', { provider: 'GITHUB', fullName: 'acme/app', webUrl: 'https://github.com/acme/app?tab=code' }, 'webUrl'],
    ['a webUrl with a fragment', { provider: 'GITHUB', fullName: 'acme/app', webUrl: 'https://github.com/acme/app#readme' }, 'webUrl'],
    ['a fullName of .. segments', { provider: 'GITHUB', fullName: '../../etc' }, 'fullName'],
    ['a fullName with a . segment', { provider: 'GITLAB', fullName: 'group/./app' }, 'fullName'],
    ['an automation naming an unknown status', { provider: 'GITHUB', fullName: 'acme/app', automations: { onPullRequestMerged: 'SHIPPED' } }, 'automations.onPullRequestMerged'],
    ['an unknown automation', { provider: 'GITHUB', fullName: 'acme/app', automations: { onTagPushed: 'DONE' } }, 'automations.onTagPushed'],
    ['an unknown field', { provider: 'GITHUB', fullName: 'acme/app', token: 'ghp_x' }, 'token'],
  ])('answers 400 with details to %s and stores nothing', async (_name, body, field) => {
    const org = await createOrganization();
    const response = await org.api.post(REPOSITORIES, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('BadRequest');
    expect(Object.keys(response.body.details)).toContain(field);
    expect((await org.api.get(REPOSITORIES)).body).toEqual([]);
  });

  it('updates automations (only the named triggers), active, defaultBranch and webUrl', async () => {
    const org = await createOrganization();
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo(), automations: { onBranchCreated: 'IN_PROGRESS' } });
    const patched = await org.api.patch(`${REPOSITORIES}/${connection.id}`, {
      automations: { onPullRequestMerged: 'DONE' },
      defaultBranch: 'trunk',
      webUrl: 'https://github.example.com/acme/app',
      active: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ defaultBranch: 'trunk', webUrl: 'https://github.example.com/acme/app', active: false });
    expect(patched.body.automations).toEqual({ ...NO_AUTOMATIONS, onBranchCreated: 'IN_PROGRESS', onPullRequestMerged: 'DONE' });
    expect(patched.body.secret).toBeUndefined();
    const bad = await org.api.patch(`${REPOSITORIES}/${connection.id}`, { webUrl: 'http://github.com/acme/app' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(['webUrl']);
    for (const webUrl of ['https://github.com/orga/xss"><svg onload=alert(1)>', 'https://github.com/acme/app?x=1', 'https://github.com/acme/app#x']) {
      const refused = await org.api.patch(`${REPOSITORIES}/${connection.id}`, { webUrl });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.details)).toEqual(['webUrl']);
    }
    expect((await org.api.get(`${REPOSITORIES}/${connection.id}`)).body.webUrl).toBe('https://github.example.com/acme/app');
    expect((await org.api.patch(`${REPOSITORIES}/${connection.id}`, { provider: 'GITLAB' })).status).toBe(400);

    // An inactive connection's receiver answers 404, even to a correctly signed delivery.
    const push = await postGithub(connection, 'push', githubPush(connection.fullName, 'main', [{ message: 'x' }]));
    expect(push.status).toBe(404);
  });

  it('rotates the secret: the new one is shown once, the old one keeps working for 24 h', async () => {
    const org = await createOrganization();
    const connection = await connectRepository(org, { provider: 'GITLAB', fullName: uniqueRepo() });
    const rotated = await org.api.post(`${REPOSITORIES}/${connection.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(connection.secret);
    expect(rotated.body.setup.payloadUrl).toBe(rotated.body.webhookUrl);
    const payload = { object_kind: 'push', ref: 'refs/tags/v1', project: { path_with_namespace: connection.fullName } };
    expect((await postGitlab(connection, 'Push Hook', payload)).status).toBe(202);
    expect((await postGitlab({ id: connection.id, secret: rotated.body.secret }, 'Push Hook', payload)).status).toBe(202);
    expect((await postGitlab({ id: connection.id, secret: 'not-the-secret' }, 'Push Hook', payload)).status).toBe(401);
  });

  it('deletes a connection: its receiver answers 404 and it is gone from the list', async () => {
    const org = await createOrganization();
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    expect((await org.api.delete(`${REPOSITORIES}/${connection.id}`)).status).toBe(200);
    expect((await org.api.get(`${REPOSITORIES}/${connection.id}`)).status).toBe(404);
    expect((await org.api.get(REPOSITORIES)).body).toEqual([]);
    const push = await postGithub(connection, 'push', githubPush(connection.fullName, 'main', [{ message: 'x' }]));
    expect(push.status).toBe(404);
    expect(push.body.error).toBe('NotFound');
  });

  it('is ADMIN only (403 for PM and DEV) and another organization gets 404', async () => {
    const org = await createOrganization();
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    for (const role of ['PM', 'DEV']) {
      const { api } = await createMember(org, role);
      expect((await api.get(REPOSITORIES)).status).toBe(403);
      expect((await api.post(REPOSITORIES, { provider: 'GITHUB', fullName: uniqueRepo() })).status).toBe(403);
      expect((await api.post(`${REPOSITORIES}/${connection.id}/rotate-secret`)).status).toBe(403);
    }
    const other = await createOrganization();
    expect((await other.api.get(`${REPOSITORIES}/${connection.id}`)).status).toBe(404);
    expect((await other.api.patch(`${REPOSITORIES}/${connection.id}`, { active: false })).status).toBe(404);
    expect((await other.api.post(`${REPOSITORIES}/${connection.id}/rotate-secret`)).status).toBe(404);
    expect((await other.api.delete(`${REPOSITORIES}/${connection.id}`)).status).toBe(404);
    expect((await other.api.get(`${REPOSITORIES}/not-a-uuid`)).status).toBe(404);
    expect((await org.api.get(`${REPOSITORIES}/${connection.id}`)).body.active).toBe(true);
  });
});
