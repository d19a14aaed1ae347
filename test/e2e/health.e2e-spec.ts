import { stackInfo } from './support/stack-info';

describe('health and readiness', () => {
  const apps = Object.entries(stackInfo().appUrls);

  it.each(apps)('%s answers /health and /ready with its database and messaging up', async (_name, url) => {
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${url}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      checks: { database: { status: 'up' }, messaging: { status: 'up' } },
    });
  });
});
