import { createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { stackLogs } from './support/logs';
import { Receiver, WEBHOOKS, createWebhook } from './support/receiver';
import { REPOSITORIES, connectRepository, githubPush, postGithub, postGitlab, uniqueRepo } from './support/repos';

describe('secrets in logs', () => {
  it('never writes API keys or webhook secrets to any log, also on failed requests', async () => {
    const receiver = await Receiver.start();
    try {
      const org = await createOrganization();
      const key = await org.api.post('/api/v1/api-keys', { name: 'Logged?' });
      expect(key.status).toBe(200);
      const hook = await createWebhook(org, `${receiver.url}/secrets`, ['work_item.created']);
      const rotated = await org.api.post(`${WEBHOOKS}/${hook.id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      // Requests that fail validation echo nothing secret either.
      expect((await org.api.post(WEBHOOKS, { url: 'ftp://example.com', events: ['ckr.created'], secret: rotated.body.secret })).status).toBe(400);
      expect((await org.api.post(`${WEBHOOKS}/${hook.id}/test`)).status).toBe(200);
      await eventually(() => receiver.received((r) => r.path === '/secrets'), { until: atLeast(1) });
      // pino writes through a pipe into the log files: give the last lines time to land.
      await new Promise((resolve) => setTimeout(resolve, 1000));

      const logs = stackLogs();
      // The files are the right ones: they hold this test's requests.
      expect(logs).toContain(`/api/v1/webhooks/${hook.id}/rotate-secret`);
      const secrets = [org.apiKey, key.body.apiKey, hook.secret, rotated.body.secret];
      for (const secret of secrets) {
        expect(logs.includes(secret)).toBe(false);
        // Nor the part after a prefix (`pos_sk_…`, `whsec_…`), which a log could show alone.
        expect(logs.includes(secret.slice(secret.indexOf('_', 4) + 1))).toBe(false);
      }
    } finally {
      await receiver.stop();
    }
  });

  it('never writes repository receiver secrets to any log, also for refused deliveries', async () => {
    const org = await createOrganization();
    const github = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    const gitlab = await connectRepository(org, { provider: 'GITLAB', fullName: uniqueRepo() });
    const rotated = await org.api.post(`${REPOSITORIES}/${gitlab.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const push = githubPush(github.fullName, 'main', [{ message: 'logged?' }]);
    expect((await postGithub(github, 'push', push)).status).toBe(202);
    expect((await postGithub(github, 'push', push, { secret: gitlab.secret })).status).toBe(401);
    // GitLab sends the secret itself as a header: a refused and an accepted one.
    expect((await postGitlab({ id: gitlab.id, secret: `${rotated.body.secret}x` }, 'Push Hook', { object_kind: 'push' })).status).toBe(401);
    expect((await postGitlab({ id: gitlab.id, secret: rotated.body.secret }, 'Note Hook', { object_kind: 'note' })).status).toBe(202);
    expect((await org.api.post(REPOSITORIES, { provider: 'GITHUB', fullName: 'x', secret: github.secret })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const logs = stackLogs();
    expect(logs).toContain(`/hooks/gitlab/${gitlab.id}`);
    for (const secret of [github.secret, gitlab.secret, rotated.body.secret]) expect(logs.includes(secret)).toBe(false);
  });
});
