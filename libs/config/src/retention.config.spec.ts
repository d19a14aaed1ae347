import { ConfigError, loadConfig } from './load-config';
import { RetentionConfig } from './retention.config';

describe('RETENTION_PRUNE_INTERVAL_MS', () => {
  it('is an hour unless set, and takes a second to a day', () => {
    expect(loadConfig(RetentionConfig, {}).RETENTION_PRUNE_INTERVAL_MS).toBe(3_600_000);
    expect(loadConfig(RetentionConfig, { RETENTION_PRUNE_INTERVAL_MS: '15000' }).RETENTION_PRUNE_INTERVAL_MS).toBe(15_000);
    expect(() => loadConfig(RetentionConfig, { RETENTION_PRUNE_INTERVAL_MS: '999' })).toThrow(ConfigError);
    expect(() => loadConfig(RetentionConfig, { RETENTION_PRUNE_INTERVAL_MS: '86400001' })).toThrow('must not be greater than 86400000');
  });
});
