/**
 * Bodies larger than a NATS message may be (max_payload, 1 MiB by default) still work end to end:
 * requests, replies and events pass through a JetStream object store as claim checks
 * (libs/messaging/src/large-payloads.ts).
 */
import { createOrganization } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { Receiver, createWebhook } from './support/receiver';

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

  it('publishes the event of such a record (2.7 MB) and delivers it to a webhook, then the events after it', async () => {
    const receiver = await Receiver.start();
    try {
      const org = await createOrganization();
      await createWebhook(org, `${receiver.url}/large`, ['intake.created']);
      const description = '€'.repeat(900_000);
      const large = await org.api.post('/api/v1/intake', { kind: 'IMPROVEMENT', title: 'Huge event', description });
      expect(large.status).toBe(200);
      const small = await org.api.post('/api/v1/intake', { kind: 'BUG', title: 'Small event after it' });
      const requests = await eventually(() => receiver.received((r) => r.path === '/large'), { until: atLeast(2) });
      const byId = new Map(requests.map((r) => [r.body.data.id, r.body]));
      expect(byId.get(large.body.id)?.data.description).toBe(description);
      expect(byId.get(small.body.id)?.data.title).toBe('Small event after it');
    } finally {
      receiver.stop();
    }
  }, 90_000);
});
