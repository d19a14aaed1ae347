import { randomUUID } from 'node:crypto';
import { createOrganization } from './support/client';
import { eventually } from './support/eventually';
import {
  EarlyAnswer,
  REPOSITORIES,
  artifactsOf,
  connectRepository,
  githubPush,
  githubSignature,
  gitlabPush,
  postEarly,
  postGithub,
  postGitlab,
  receiverClient,
  settle,
  uniqueRepo,
} from './support/repos';
import { stackInfo } from './support/stack-info';

const WORK_ITEMS = '/api/v1/work-items';

/**
 * The server answers 413 from Content-Length and closes the connection without reading the body;
 * a client still writing 26 MiB may then fail on the write before it reads the answer. So the
 * headers and the first MiB go out, and the answer is read as soon as it arrives.
 */
function postOversized(path: string, raw: Buffer, headers: Record<string, string>): Promise<EarlyAnswer> {
  return postEarly(`${stackInfo().repoReceiverUrl}${path}`, headers, raw, 1024 * 1024).answer;
}

async function setup(provider: 'GITHUB' | 'GITLAB' = 'GITHUB') {
  const org = await createOrganization();
  const item = await org.api.post(WORK_ITEMS, { title: 'Linked target', type: 'TASK' });
  const connection = await connectRepository(org, { provider, fullName: uniqueRepo(), automations: { onBranchCreated: 'IN_PROGRESS' } });
  return { org, item: item.body, connection };
}

/** Nothing of a refused delivery shows: no artifact on the item, status untouched. */
async function expectNothingLinked(ctx: Awaited<ReturnType<typeof setup>>): Promise<void> {
  await settle(ctx.org, ctx.connection);
  const artifacts = await ctx.org.api.get(`${WORK_ITEMS}/${ctx.item.key}/artifacts`);
  expect(artifacts.body).toEqual({ branches: [], commits: [], pullRequests: [], nextCursor: null });
  expect((await ctx.org.api.get(`${WORK_ITEMS}/${ctx.item.key}`)).body.status).toBe('BACKLOG');
}

describe('GitHub receiver', () => {
  it('answers a ping with 200 and acknowledges a push with 202, then links it', async () => {
    const ctx = await setup();
    const ping = await postGithub(ctx.connection, 'ping', { zen: 'Design for failure.', hook_id: 1, repository: { full_name: ctx.connection.fullName } });
    expect(ping.status).toBe(200);
    const push = await postGithub(ctx.connection, 'push', githubPush(ctx.connection.fullName, `feature/${ctx.item.key}`, [{ message: 'work' }], { created: true }));
    expect(push.status).toBe(202);
    expect(push.body).toMatchObject({ accepted: true });
    await eventually(() => artifactsOf(ctx.org.api, ctx.item.key), { until: (body) => body.branches.length === 1 });
    const connection = await ctx.org.api.get(`${REPOSITORIES}/${ctx.connection.id}`);
    expect(connection.body.lastDeliveryAt).not.toBeNull();
  });

  it('is idempotent on X-GitHub-Delivery: a redelivery answers 200 {duplicate: true} and changes nothing', async () => {
    const ctx = await setup();
    const deliveryId = randomUUID();
    const payload = githubPush(ctx.connection.fullName, `feature/${ctx.item.key}`, [{ message: `${ctx.item.key} once` }]);
    expect((await postGithub(ctx.connection, 'push', payload, { deliveryId })).status).toBe(202);
    const again = await postGithub(ctx.connection, 'push', payload, { deliveryId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ duplicate: true });
    await settle(ctx.org, ctx.connection);
    const artifacts = await ctx.org.api.get(`${WORK_ITEMS}/${ctx.item.key}/artifacts`);
    expect(artifacts.body.branches).toHaveLength(1);
    expect(artifacts.body.commits).toHaveLength(1);
  });

  describe('refuses bad deliveries with a clear answer and leaves nothing behind', () => {
    const pushFor = (ctx: Awaited<ReturnType<typeof setup>>) => githubPush(ctx.connection.fullName, `feature/${ctx.item.key}`, [{ message: ctx.item.key }], { created: true });

    it('a wrong signature, another connection\'s secret, a missing header, sha1 only: 401', async () => {
      const ctx = await setup();
      const other = await connectRepository(ctx.org, { provider: 'GITHUB', fullName: uniqueRepo() });
      const payload = pushFor(ctx);
      const raw = JSON.stringify(payload);
      const cases = [
        await postGithub(ctx.connection, 'push', payload, { signature: githubSignature('wrong-secret', raw) }),
        await postGithub(ctx.connection, 'push', payload, { secret: other.secret }),
        await postGithub(ctx.connection, 'push', payload, { signature: null }),
        await postGithub(ctx.connection, 'push', payload, { signature: null, headers: { 'x-hub-signature': `sha1=${'0'.repeat(40)}` } }),
        await postGithub(ctx.connection, 'push', payload, { signature: githubSignature(ctx.connection.secret, raw).replace('sha256=', 'sha1=') }),
      ];
      for (const response of cases) {
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ error: 'Unauthorized', message: expect.any(String) });
      }
      await expectNothingLinked(ctx);
    });

    it('a signature over a re-serialised body (whitespace changed): 401', async () => {
      const ctx = await setup();
      const payload = pushFor(ctx);
      const signature = githubSignature(ctx.connection.secret, JSON.stringify(payload));
      const response = await postGithub(ctx.connection, 'push', payload, { raw: JSON.stringify(payload, null, 2), signature });
      expect(response.status).toBe(401);
      await expectNothingLinked(ctx);
    });

    it('an empty body: 401 unsigned, 400 when signed', async () => {
      const ctx = await setup();
      expect((await postGithub(ctx.connection, 'push', undefined, { raw: '', signature: null })).status).toBe(401);
      const signed = await postGithub(ctx.connection, 'push', undefined, { raw: '' });
      expect(signed.status).toBe(400);
      expect(signed.body.error).toBe('BadRequest');
      await expectNothingLinked(ctx);
    });

    it('a body of 26 MiB: 413 in the common error shape', async () => {
      const ctx = await setup();
      const raw = Buffer.alloc(26 * 1024 * 1024, 0x20);
      const response = await postOversized(`/hooks/github/${ctx.connection.id}`, raw, {
        'x-github-event': 'push',
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': githubSignature(ctx.connection.secret, raw),
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.text)).toMatchObject({ error: 'PayloadTooLarge', message: expect.any(String) });
    });

    it('accepts a body just under 25 MiB (the limit is GitHub\'s own cap)', async () => {
      const ctx = await setup();
      const payload = pushFor(ctx);
      const json = JSON.stringify(payload);
      const raw = json.replace(/^\{/, `{"padding":"${'x'.repeat(24 * 1024 * 1024)}",`);
      const response = await postGithub(ctx.connection, 'push', undefined, { raw });
      expect(response.status).toBe(202);
    });

    it('malformed JSON with a valid signature: 400, stored as failed (a redelivery is a duplicate, not a retry)', async () => {
      const ctx = await setup();
      const deliveryId = randomUUID();
      const first = await postGithub(ctx.connection, 'push', undefined, { raw: '{"ref": "refs/heads/x",', deliveryId });
      expect(first.status).toBe(400);
      expect(first.body).toMatchObject({ error: 'BadRequest', message: expect.any(String) });
      const again = await postGithub(ctx.connection, 'push', undefined, { raw: '{"ref": "refs/heads/x",', deliveryId });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ duplicate: true });
      await expectNothingLinked(ctx);
    });

    it('an event type it does not process: 202 {ignored: true}', async () => {
      const ctx = await setup();
      const response = await postGithub(ctx.connection, 'issues', { action: 'opened', issue: { title: ctx.item.key }, repository: { full_name: ctx.connection.fullName } });
      expect(response.status).toBe(202);
      expect(response.body).toEqual({ ignored: true });
      await expectNothingLinked(ctx);
    });

    it('an unknown connection id and a non-uuid id: 404', async () => {
      const ctx = await setup();
      const payload = pushFor(ctx);
      for (const id of [randomUUID(), 'not-a-uuid', '1']) {
        const response = await postGithub({ id, secret: ctx.connection.secret }, 'push', payload);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ error: 'NotFound', message: expect.any(String) });
      }
      // A GitHub connection is not reachable through the GitLab path either.
      expect((await postGitlab(ctx.connection, 'Push Hook', gitlabPush(ctx.connection.fullName, 'main', [])) ).status).toBe(404);
    });

    it('a payload of another repository: stored as ignored, nothing linked', async () => {
      const ctx = await setup();
      const response = await postGithub(ctx.connection, 'push', githubPush('someone/else', `feature/${ctx.item.key}`, [{ message: ctx.item.key }], { created: true }));
      expect(response.status).toBe(202);
      expect(response.body).toMatchObject({ ignored: true });
      await expectNothingLinked(ctx);
    });

    it('a push to a tag: acknowledged as ignored', async () => {
      const ctx = await setup();
      const payload = { ...pushFor(ctx), ref: `refs/tags/${ctx.item.key}` };
      const response = await postGithub(ctx.connection, 'push', payload);
      expect(response.status).toBe(202);
      expect(response.body.ignored).toBe(true);
      await expectNothingLinked(ctx);
    });

    it('GitHub requires X-GitHub-Delivery: 400 without it', async () => {
      const ctx = await setup();
      const payload = pushFor(ctx);
      const raw = JSON.stringify(payload);
      const response = await receiverClient().post(`/hooks/github/${ctx.connection.id}`, undefined, {
        rawBody: raw,
        headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': githubSignature(ctx.connection.secret, raw) },
      });
      expect(response.status).toBe(400);
      await expectNothingLinked(ctx);
    });
  });
});

describe('refusals from the headers alone', () => {
  const MIB = 1024 * 1024;
  const json = (text: string) => JSON.parse(text) as { error: string; message: string };

  it('answers unknown, malformed, inactive and other-provider ids, a wrong GitLab token and a GitHub signature of the wrong form before reading the body', async () => {
    const github = await setup();
    const gitlab = await setup('GITLAB');
    const inactive = await connectRepository(github.org, { provider: 'GITHUB', fullName: uniqueRepo() });
    expect((await github.org.api.patch(`${REPOSITORIES}/${inactive.id}`, { active: false })).status).toBe(200);
    const body = Buffer.alloc(25 * MIB - 1, 0x20);
    const signedWith = (secret: string) => ({ 'x-github-event': 'push', 'x-github-delivery': randomUUID(), 'x-hub-signature-256': githubSignature(secret, body) });
    const cases: [string, Record<string, string>, number, string][] = [
      [`/hooks/github/${randomUUID()}`, signedWith(github.connection.secret), 404, 'NotFound'],
      ['/hooks/github/not-a-uuid', signedWith(github.connection.secret), 404, 'NotFound'],
      [`/hooks/github/${inactive.id}`, signedWith(inactive.secret), 404, 'NotFound'],
      [`/hooks/gitlab/${github.connection.id}`, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': github.connection.secret }, 404, 'NotFound'],
      [`/hooks/github/${github.connection.id}`, { ...signedWith(github.connection.secret), 'x-hub-signature-256': `sha1=${'0'.repeat(40)}` }, 401, 'Unauthorized'],
      [`/hooks/github/${github.connection.id}`, { 'x-github-event': 'push', 'x-github-delivery': randomUUID() }, 401, 'Unauthorized'],
      [`/hooks/gitlab/${gitlab.connection.id}`, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': 'wrong' }, 401, 'Unauthorized'],
    ];
    for (const [path, headers, status, error] of cases) {
      // 64 KiB of the declared 25 MiB go out, then the client waits: only the headers can answer.
      const request = postEarly(`${stackInfo().repoReceiverUrl}${path}`, headers, body, 64 * 1024);
      try {
        const answer = await request.answer;
        expect([path, answer.status]).toEqual([path, status]);
        expect(json(answer.text)).toMatchObject({ error, message: expect.any(String) });
      } finally {
        request.abort();
      }
    }
    await expectNothingLinked(github);
  });

  it('a client that sends the whole body anyway still reads the early answer', async () => {
    const body = Buffer.alloc(25 * MIB - 1, 0x20);
    const answer = await postEarly(`${stackInfo().repoReceiverUrl}/hooks/github/${randomUUID()}`, { 'x-github-event': 'push', 'x-github-delivery': randomUUID(), 'x-hub-signature-256': githubSignature('any', body) }, body).answer;
    expect(answer.status).toBe(404);
    expect(json(answer.text)).toMatchObject({ error: 'NotFound' });
  });
});

describe('GitLab receiver', () => {
  it('checks X-Gitlab-Token before anything else: wrong or missing is 401', async () => {
    const ctx = await setup('GITLAB');
    const payload = gitlabPush(ctx.connection.fullName, `feature/${ctx.item.key}`, [{ message: ctx.item.key }], 1, true);
    expect((await postGitlab(ctx.connection, 'Push Hook', payload, { token: 'wrong' })).status).toBe(401);
    expect((await postGitlab(ctx.connection, 'Push Hook', payload, { token: null })).status).toBe(401);
    expect((await postGitlab(ctx.connection, 'Push Hook', payload, { token: ctx.connection.secret.slice(0, -1) })).status).toBe(401);
    await expectNothingLinked(ctx);
  });

  it('ignores other events, and is idempotent on X-Gitlab-Event-UUID, else Idempotency-Key', async () => {
    const ctx = await setup('GITLAB');
    const ignored = await postGitlab(ctx.connection, 'Issue Hook', { object_kind: 'issue', project: { path_with_namespace: ctx.connection.fullName } });
    expect(ignored.status).toBe(202);
    expect(ignored.body).toEqual({ ignored: true });

    const payload = gitlabPush(ctx.connection.fullName, `feature/${ctx.item.key}`, [{ message: 'x' }], 1, true);
    const uuid = randomUUID();
    expect((await postGitlab(ctx.connection, 'Push Hook', payload, { deliveryId: uuid })).status).toBe(202);
    expect((await postGitlab(ctx.connection, 'Push Hook', payload, { deliveryId: uuid })).body).toEqual({ duplicate: true });

    const key = randomUUID();
    const withKey = (body: unknown) =>
      postGitlab(ctx.connection, 'Push Hook', body, { headers: { 'x-gitlab-event-uuid': '', 'idempotency-key': key } });
    const second = gitlabPush(ctx.connection.fullName, `other/${ctx.item.key}`, [{ message: 'y' }]);
    expect((await withKey(second)).status).toBe(202);
    const repeated = await withKey(second);
    expect(repeated.status).toBe(200);
    expect(repeated.body).toEqual({ duplicate: true });
  });
});
