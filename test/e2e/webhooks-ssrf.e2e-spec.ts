/**
 * SSRF refusal at create/update over HTTP. The e2e stacks allow private targets (their receivers
 * listen on 127.0.0.1), so this starts an instance without WEBHOOK_ALLOW_PRIVATE_TARGETS: in
 * standalone a second standalone process. In the distributed run the check lives in the dispatcher,
 * which a gateway replica does not replace; there the unit tests of the checker cover it.
 */
import { createOrganization } from './support/client';
import { isDistributed } from './support/events';
import { Replica, startGatewayReplica } from './support/replicas';
import { WEBHOOKS } from './support/receiver';
import { SSRF_URLS } from '../../apps/webhook-dispatcher/src/security/ssrf-forms.fixture';

if (!isDistributed()) {
  describe('webhook SSRF protection (private targets not allowed)', () => {
    let replica: Replica;
    beforeAll(async () => {
      replica = await startGatewayReplica({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    }, 90_000);
    afterAll(() => replica.stop());

    it.each(SSRF_URLS)('refuses %s with 400 and a reason, writing nothing', async (url) => {
      const org = await createOrganization(undefined, replica.url);
      const response = await org.api.post(WEBHOOKS, { url, events: ['work_item.created'] });
      expect(response.status).toBe(400);
      expect(response.body.details.url[0]).toMatch(/not allowed/);
      expect((await org.api.get(WEBHOOKS)).body).toEqual([]);
    });

    it('refuses a private url on update and keeps the public one', async () => {
      const org = await createOrganization(undefined, replica.url);
      const hook = await org.api.post(WEBHOOKS, { url: 'https://93.184.216.34/hook', events: ['ckr.created'] });
      expect(hook.status).toBe(200);
      const response = await org.api.patch(`${WEBHOOKS}/${hook.body.id}`, { url: 'http://[::ffff:127.0.0.1]:8080/' });
      expect(response.status).toBe(400);
      expect((await org.api.get(WEBHOOKS)).body[0].url).toBe('https://93.184.216.34/hook');
    });
  });
} else {
  describe('webhook SSRF protection', () => {
    it('is exercised over HTTP in the standalone suite (the distributed stack allows private targets)', () => {
      expect(isDistributed()).toBe(true);
    });
  });
}
