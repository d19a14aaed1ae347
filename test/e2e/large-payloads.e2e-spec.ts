/**
 * Bodies larger than a NATS message may be (max_payload, 1 MiB by default) still work end to end:
 * the bus passes them through a JetStream object store (libs/messaging/src/large-payloads.ts).
 */
import { createOrganization } from './support/client';

describe('large payloads', () => {
  it('stores and returns an intake description of 900,000 two-byte characters, alone and in lists', async () => {
    const org = await createOrganization();
    const description = 'é'.repeat(900_000);
    const first = await org.api.post('/api/v1/intake', { kind: 'IMPROVEMENT', title: 'Very long', description });
    expect(first.status).toBe(200);
    expect(first.body.description).toBe(description);
    const second = await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Also long', description });
    expect(second.status).toBe(200);
    const fetched = await org.api.get(`/api/v1/intake/${first.body.key}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.description).toBe(description);
    const listed = await org.api.get('/api/v1/intake');
    expect(listed.status).toBe(200);
    expect(listed.body.map((s: { description: string }) => s.description.length)).toEqual([900_000, 900_000]);
  });
});
