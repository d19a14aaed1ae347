/**
 * What unauthenticated uploads may cost the process serving /hooks (standalone, or the
 * repo-receiver): ids that name no active connection are answered from the headers, GitHub bodies
 * read before their signature can be checked share one budget per process
 * (HOOK_UNVERIFIED_BODY_MIB, 32 MiB by default and here), and beyond it the answer is 503 with
 * Retry-After. On a stack of the test's own, so that the memory measured is this test's alone.
 */
import { randomUUID } from 'node:crypto';
import { createOrganization } from './support/client';
import { eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { metricValue, scrape } from './support/metrics';
import { EarlyAnswer, connectRepository, githubPush, githubSignature, postEarly, postGithub, uniqueRepo } from './support/repos';
import { stackInfo } from './support/stack-info';

const MIB = 1024 * 1024;

describe('repository receiver memory', () => {
  let stack: IsolatedStack;
  let receiverUrl: string;
  beforeAll(async () => {
    stack = await startIsolatedStack({ apps: ['api-gateway', 'repo-receiver'], env: { HOOK_UNVERIFIED_BODY_MIB: '32' } });
    receiverUrl = stackInfo().mode === 'standalone' ? stack.url : stack.appUrl('repo-receiver');
  }, 120_000);
  afterAll(() => stack?.stop());

  const rss = async () => metricValue(await scrape(receiverUrl), 'process_resident_memory_bytes');
  const error = (answer: EarlyAnswer) => JSON.parse(answer.text) as { error: string; message: string };

  /** A signed push whose body is `size` bytes (padded JSON), as GitHub would send it. */
  function largePush(fullName: string, size: number): string {
    const json = JSON.stringify(githubPush(fullName, 'main', [{ message: 'large' }]));
    return json.replace(/^\{/, `{"padding":"${'x'.repeat(size - json.length - 14)}",`);
  }

  /** The bytes of the receiver's budget in use (a probe: a share is given back when its request closes). */
  const budgetHeld = async () => metricValue(await scrape(receiverUrl), 'pds_repo_unverified_body_bytes');

  it('answers 503 with Retry-After while unverified bodies fill the budget, and takes deliveries again once they are gone', async () => {
    const org = await createOrganization(undefined, stack.url);
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    const url = `${receiverUrl}/hooks/github/${connection.id}`;
    const body = Buffer.alloc(25 * MIB - 1, 0x20);
    const headers = () => ({ 'x-github-event': 'push', 'x-github-delivery': randomUUID(), 'x-hub-signature-256': githubSignature('not-the-secret', body) });

    // Declares 25 MiB and sends 64 KiB: the receiver holds that share of its 32 MiB until the request ends.
    const holding = postEarly(url, headers(), body, 64 * 1024);
    expect(await eventually(budgetHeld, { until: (bytes) => bytes >= body.length })).toBe(body.length);
    const refused = postEarly(url, headers(), body, 64 * 1024);
    try {
      const answer = await refused.answer;
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(error(answer)).toMatchObject({ error: 'ServiceUnavailable', message: expect.any(String) });
    } finally {
      refused.abort();
    }

    // A client that goes away gives its share back.
    holding.abort();
    expect(await eventually(budgetHeld, { until: (bytes) => bytes === 0 })).toBe(0);
    const accepted = await postGithub(connection, 'push', undefined, { raw: largePush(connection.fullName, 24 * MIB), baseUrl: receiverUrl });
    expect(accepted.status).toBe(202);
  });

  it('30 uploads of 25 MiB to made-up ids and 10 with a bad signature to a real one grow RSS by less than 100 MiB; a valid push of 24 MiB is accepted after', async () => {
    const org = await createOrganization(undefined, stack.url);
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    // The receiver's code paths run once before the baseline.
    for (let i = 0; i < 5; i++) expect((await postGithub(connection, 'push', githubPush(connection.fullName, 'main', [{ message: 'warm' }]), { baseUrl: receiverUrl })).status).toBe(202);
    const before = await rss();

    const body = Buffer.alloc(25 * MIB - 1, 0x20);
    const badSignature = githubSignature('not-the-secret', body);
    const send = (id: string) =>
      postEarly(`${receiverUrl}/hooks/github/${id}`, { 'x-github-event': 'push', 'x-github-delivery': randomUUID(), 'x-hub-signature-256': badSignature }, body).answer;
    let done = false;
    const burst = Promise.all([...Array.from({ length: 30 }, () => send(randomUUID())), ...Array.from({ length: 10 }, () => send(connection.id))]).finally(() => {
      done = true;
    });
    let peak = before;
    while (!done) {
      peak = Math.max(peak, await rss());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answers = await burst;
    peak = Math.max(peak, await rss());

    expect(answers.slice(0, 30).map((a) => a.status)).toEqual(Array(30).fill(404));
    for (const answer of answers.slice(30)) {
      // Read and refused, or not read at all while the budget was taken.
      expect([401, 503]).toContain(answer.status);
      expect(error(answer).error).toBe(answer.status === 401 ? 'Unauthorized' : 'ServiceUnavailable');
    }
    expect(answers.slice(30).some((a) => a.status === 401)).toBe(true);
    expect(peak - before).toBeLessThan(100 * MIB);

    // Every share was given back, and a delivery of nearly GitHub's maximum size fits again.
    expect(await eventually(budgetHeld, { until: (bytes) => bytes === 0 })).toBe(0);
    const valid = await postGithub(connection, 'push', undefined, { raw: largePush(connection.fullName, 24 * MIB), baseUrl: receiverUrl });
    expect(valid.status).toBe(202);
    expect(valid.body).toMatchObject({ accepted: true });
  }, 120_000);
});
