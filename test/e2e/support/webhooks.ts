/* Helpers of the webhooks e2e specs. */
import type { Json, TestOrganization } from './client';

export const WEBHOOKS = '/api/v1/webhooks';
export const DELIVERIES = '/api/v1/webhooks/deliveries';

export async function createWebhook(org: TestOrganization, url: string, events: string[] = ['work_item.created'], extra: Json = {}): Promise<Json> {
  const response = await org.api.post(WEBHOOKS, { url, events, ...extra });
  if (response.status !== 200) throw new Error(`webhook creation failed: ${response.status} ${response.text}`);
  return response.body;
}

/** Polls the delivery log of one subscription until `done` holds for its deliveries. */
export async function waitForDeliveries(
  org: TestOrganization,
  webhookId: string,
  done: (deliveries: Json[]) => boolean,
  timeoutMs = 30_000,
): Promise<Json[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await org.api.get(`${DELIVERIES}?webhookId=${webhookId}&limit=100`);
    // 503: a replica that was just killed held the request (fault tests); ask again.
    if (response.status === 503 && Date.now() < deadline) continue;
    if (response.status !== 200) throw new Error(`delivery list failed: ${response.status} ${response.text}`);
    if (done(response.body.data)) return response.body.data;
    if (Date.now() > deadline) throw new Error(`deliveries never reached the expected state: ${JSON.stringify(response.body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
