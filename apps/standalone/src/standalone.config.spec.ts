import { ConfigError, loadConfig } from '@pds/config';
import { StandaloneConfig } from './standalone.config';

describe('PGLITE_SHARED_BUFFERS', () => {
  it('defaults to 16MB and takes any PostgreSQL size', () => {
    expect(loadConfig(StandaloneConfig, {}).PGLITE_SHARED_BUFFERS).toBe('16MB');
    for (const size of ['512kB', '64MB', '1GB']) expect(loadConfig(StandaloneConfig, { PGLITE_SHARED_BUFFERS: size }).PGLITE_SHARED_BUFFERS).toBe(size);
  });

  it('refuses what PostgreSQL would refuse only after PGlite started, in one line', () => {
    for (const bad of ['16', '16 MB', '0MB', '16mb', '-1MB']) {
      expect(() => loadConfig(StandaloneConfig, { PGLITE_SHARED_BUFFERS: bad })).toThrow(ConfigError);
      expect(() => loadConfig(StandaloneConfig, { PGLITE_SHARED_BUFFERS: bad })).toThrow(
        `Invalid setting PGLITE_SHARED_BUFFERS="${bad}": must be a PostgreSQL size such as 16MB, 64MB or 1GB`,
      );
    }
  });
});
