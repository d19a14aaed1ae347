/**
 * Distributed only (standalone has one process): deliveries acknowledged with 202 but not yet
 * processed survive a crash of the receiver. delivery-intake is down while they arrive, so none can
 * be linked; the repo-receiver is then killed (SIGKILL) and both come back.
 */
import { createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { artifactsOf, connectRepository, githubPush, postGithub, uniqueRepo, workItemOf } from './support/repos';
import { describeIn } from './support/stack-info';

describeIn('distributed')('repository deliveries across a restart (distributed)', () => {
  let stack: IsolatedStack;
  beforeAll(async () => {
    stack = await startIsolatedStack({ apps: ['api-gateway', 'delivery-intake', 'repo-receiver'] });
  }, 120_000);
  afterAll(() => stack?.stop());

  it('processes every acknowledged delivery after the receiver is killed between acknowledgement and processing', async () => {
    const org = await createOrganization(undefined, stack.url);
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo(), automations: { onBranchCreated: 'IN_PROGRESS' } });
    const items = [];
    for (let i = 0; i < 8; i++) items.push((await org.api.post('/api/v1/work-items', { title: `Survives ${i}`, type: 'TASK' })).body);

    await stack.kill('delivery-intake');
    const receiverUrl = stack.appUrl('repo-receiver');
    for (const item of items) {
      const answer = await postGithub(connection, 'push', githubPush(connection.fullName, `feature/${item.key}`, [{ message: `${item.key} work` }], { created: true }), {
        baseUrl: receiverUrl,
      });
      expect(answer.status).toBe(202);
    }
    await stack.kill('repo-receiver');

    await stack.start('delivery-intake');
    await stack.start('repo-receiver');
    for (const item of items) {
      const artifacts = await eventually(() => artifactsOf(org.api, item.key), { until: (body) => body.branches.length === 1 && body.commits.length === 1, timeoutMs: 60_000 });
      expect(artifacts.branches[0].name).toBe(`feature/${item.key}`);
      await eventually(() => workItemOf(org.api, item.key), { until: (item) => item.status === 'IN_PROGRESS', timeoutMs: 30_000 });
    }
  }, 180_000);
});
