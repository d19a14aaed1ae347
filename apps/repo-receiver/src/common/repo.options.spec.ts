import { ConfigError, loadConfig } from '@pds/config';
import { RepoReceiverSettings, repoReceiverOptionsFrom } from './repo.options';

describe('RepoReceiverSettings', () => {
  it('holds 32 MiB of unverified bodies by default, or what HOOK_UNVERIFIED_BODY_MIB says', () => {
    expect(repoReceiverOptionsFrom(loadConfig(RepoReceiverSettings, {}), 3001).unverifiedBodyBytes).toBe(32 * 1024 * 1024);
    expect(repoReceiverOptionsFrom(loadConfig(RepoReceiverSettings, { HOOK_UNVERIFIED_BODY_MIB: '64' }), 3001).unverifiedBodyBytes).toBe(64 * 1024 * 1024);
  });

  it.each(['24', '0', '1.5', 'lots'])('refuses HOOK_UNVERIFIED_BODY_MIB=%s at boot (less than one 25 MiB body, or not a whole number)', (value) => {
    expect(() => loadConfig(RepoReceiverSettings, { HOOK_UNVERIFIED_BODY_MIB: value })).toThrow(ConfigError);
  });
});
