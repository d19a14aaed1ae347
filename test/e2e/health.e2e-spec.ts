import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../tools/stack';
import { samples, scrape } from './support/metrics';
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

  it.each(apps)('%s exports the same checks as pds_dependency_up, 1 for each dependency that answers', async (_name, url) => {
    const up = samples(await scrape(url), 'pds_dependency_up').map(({ labels, value }) => [labels.dependency, value]);
    expect(up.sort()).toEqual([
      ['database', 1],
      ['messaging', 1],
    ]);
  });

  it.each(apps)('%s answers /version with its version, commit, build time and Node version', async (_name, url) => {
    const response = await fetch(`${url}/version`);
    expect(response.status).toBe(200);
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot }).toString().trim();
    const body = (await response.json()) as { commit: string; buildTime: string };
    expect(body).toEqual({ version, commit: expect.stringMatching(/^[0-9a-f]{40}$/), buildTime: expect.any(String), node: process.version });
    // Built from this checkout (a commit made after the build is newer, never older).
    expect(execFileSync('git', ['merge-base', '--is-ancestor', body.commit, commit], { cwd: repoRoot }).length).toBe(0);
    expect(Date.parse(body.buildTime)).toBeLessThanOrEqual(Date.now());
  });
});
