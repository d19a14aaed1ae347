import { AppConfig } from './common.config';
import { ConfigError, loadConfig } from './load-config';

const read = (env: Record<string, string>) => loadConfig(AppConfig, env);
const problem = (env: Record<string, string>): string => {
  try {
    read(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('NATS_USER and NATS_PASSWORD', () => {
  const password = 'pA1b2c3d4e5f6g7h8i9j0';

  it('are optional together: without them the app connects without credentials', () => {
    expect(read({})).toMatchObject({ NATS_USER: undefined, NATS_PASSWORD: undefined });
    expect(read({ NATS_USER: 'api-gateway', NATS_PASSWORD: password })).toMatchObject({ NATS_USER: 'api-gateway', NATS_PASSWORD: password });
  });

  it('are refused one without the other, in one line naming the missing variable', () => {
    expect(problem({ NATS_USER: 'api-gateway' })).toMatch(/^Invalid setting NATS_PASSWORD="": must be set when NATS_USER is/);
    expect(problem({ NATS_PASSWORD: password }).split('\n')).toEqual([expect.stringMatching(/^Invalid setting NATS_USER="": must be set when NATS_PASSWORD is/)]);
  });

  it('refuse a password nats-server could not read from its environment, without printing it', () => {
    for (const bad of ['1aaaaaaaaaaaaaaaaaaa', 'short1', 'with space aaaaaaaaaaa', 'quote"aaaaaaaaaaaaaaa']) {
      const message = problem({ NATS_USER: 'api-gateway', NATS_PASSWORD: bad });
      expect(message).toMatch(/^Invalid setting NATS_PASSWORD="\(hidden\)": must be at least 16 characters/);
      expect(message).not.toContain(bad);
    }
  });

  it('refuse a user name with characters NATS does not take', () => {
    expect(problem({ NATS_USER: 'api gateway', NATS_PASSWORD: password })).toMatch(/^Invalid setting NATS_USER="api gateway": must be a NATS user name/);
  });
});

describe('DATABASE_POOL_IDLE_MS', () => {
  it('keeps pooled connections by default (0) and takes a timeout in milliseconds', () => {
    expect(read({}).DATABASE_POOL_IDLE_MS).toBe(0);
    expect(read({ DATABASE_POOL_IDLE_MS: '30000' }).DATABASE_POOL_IDLE_MS).toBe(30_000);
  });

  it('refuses a negative or fractional value', () => {
    expect(problem({ DATABASE_POOL_IDLE_MS: '-1' })).toMatch(/^Invalid setting DATABASE_POOL_IDLE_MS="-1"/);
    expect(problem({ DATABASE_POOL_IDLE_MS: '1.5' })).toMatch(/^Invalid setting DATABASE_POOL_IDLE_MS="1.5"/);
  });
});
