import { ConfigError, loadConfig } from '@pds/config';
import { WebhookSettings } from './dispatcher.options';

describe('WebhookSettings', () => {
  it('reads a numeric setting within its range as a number', () => {
    expect(loadConfig(WebhookSettings, { WEBHOOK_CONCURRENCY: '5', WEBHOOK_LEASE_MS: '1000' })).toMatchObject({ WEBHOOK_CONCURRENCY: 5, WEBHOOK_LEASE_MS: 1000 });
  });

  it.each([
    ['WEBHOOK_CONCURRENCY', '0'],
    ['WEBHOOK_TIMEOUT_MS', '60001'],
    ['WEBHOOK_POLL_INTERVAL_MS', '1.5'],
  ])('refuses %s=%s at boot', (name, value) => {
    expect(() => loadConfig(WebhookSettings, { [name]: value })).toThrow(ConfigError);
  });
});
