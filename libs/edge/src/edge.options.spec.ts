import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EdgeSettings, edgeOptionsFrom } from './edge.options';

const problems = (env: Record<string, unknown>) =>
  validateSync(plainToInstance(EdgeSettings, env)).map((error) => error.property);

/** The key cache's TTL only covers a lost revocation broadcast: docs/decisions.md promises 5 s at most. */
describe('API_KEY_CACHE_TTL_MS', () => {
  it('defaults to 4 s', () => {
    expect(edgeOptionsFrom(new EdgeSettings()).apiKeyCacheTtlMs).toBe(4000);
  });

  it('accepts 0 to 5 s and refuses more', () => {
    expect(problems({ API_KEY_CACHE_TTL_MS: 5000 })).toEqual([]);
    expect(problems({ API_KEY_CACHE_TTL_MS: 0 })).toEqual([]);
    expect(problems({ API_KEY_CACHE_TTL_MS: 5001 })).toEqual(['API_KEY_CACHE_TTL_MS']);
  });
});
