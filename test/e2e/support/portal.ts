import { ApiClient, TestOrganization, createOrganization, uniqueName } from './client';
import { stackInfo } from './stack-info';

/** A client without a key: what a stakeholder's browser or script is. */
export const publicClient = (baseUrl = stackInfo().apiUrl) => new ApiClient(baseUrl);
export const portal = (slug: string) => `/public/portals/${slug}/intake`;
export const submission = (over: Record<string, unknown> = {}) => ({
  kind: 'IMPROVEMENT',
  title: 'Please add export',
  description: 'CSV would do',
  submitterName: 'Pat Customer',
  submitterEmail: 'pat@example.com',
  ...over,
});

/** A new organization with its portal turned on (on the stack under test, or the server at `baseUrl`). */
export async function openPortal(baseUrl = stackInfo().apiUrl): Promise<TestOrganization> {
  const org = await createOrganization(uniqueName('Org'), baseUrl);
  const enabled = await org.api.patch('/api/v1/organization', { portalEnabled: true });
  expect(enabled.status).toBe(200);
  return org;
}

/** A changelog entry written and published through the API. */
export async function publishChangelog(org: TestOrganization, title: string, body: string): Promise<{ id: string }> {
  const draft = await org.api.post('/api/v1/changelog', { title, body });
  expect(draft.status).toBe(200);
  expect((await org.api.post(`/api/v1/changelog/${draft.body.id}/publish`)).status).toBe(200);
  return draft.body;
}
