/** Repository artifacts reach the MCP tools as soon as the repos context has them. */
import { createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { data, withKey } from './support/mcp';
import { artifactsOf, connectRepository, githubPush, postGithub, uniqueRepo } from './support/repos';

describe('MCP and repository artifacts', () => {
  it('get_records and get_discovery_context show the branch and commits a push linked', async () => {
    const org = await createOrganization();
    const item = (await org.api.post('/api/v1/work-items', { title: 'Linked by a push', type: 'TASK' })).body;
    const fullName = uniqueRepo();
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName });
    const branch = `feature/${item.key.toLowerCase()}-export`;
    const pushed = await postGithub(connection, 'push', githubPush(fullName, branch, [{ message: `Add export (${item.key})` }], { created: true }));
    expect(pushed.status).toBe(202);
    await eventually(() => artifactsOf(org.api, item.key), { until: (body) => body.branches.length === 1 && body.commits.length === 1 });

    const client = await withKey(org.apiKey);
    try {
      const { records } = await data(client, 'get_records', { refs: [item.key], include: ['artifacts'] });
      expect(records[0].artifacts.branches).toEqual([expect.objectContaining({ name: branch, repository: fullName })]);
      expect(records[0].artifacts.commits).toEqual([expect.objectContaining({ message: `Add export (${item.key})` })]);
      const packet = await data(client, 'get_discovery_context', { ref: item.key });
      expect(JSON.stringify(packet)).toContain(branch);
    } finally {
      await client.close();
    }
  });
});
