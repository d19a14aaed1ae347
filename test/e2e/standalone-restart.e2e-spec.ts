import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { ApiClient, keyClient, operatorClient } from './support/client';
import { describeIn, stackInfo } from './support/stack-info';

/** Standalone keeps everything in DATA_DIR: a restart finds the data, and the generated operator token, again. */
describeIn('standalone')('standalone data directory', () => {
  it('keeps organizations, keys and work items across a restart, with the token it generated', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-restart-'));
    const { OPERATOR_TOKEN: _ignored, ...env } = stackInfo().env;
    const start = async () => {
      const port = await freePort();
      const child = spawnApp('standalone', { env: { ...env, PORT: String(port), DATA_DIR: dataDir }, logFile: path.join(stackInfo().logDir, `restart-${port}.log`) });
      const url = `http://127.0.0.1:${port}`;
      await waitUntilReady(url, child, 90_000);
      return { child, url };
    };
    try {
      const first = await start();
      const token = readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim();
      const created = await operatorClient(token, first.url).post('/operator/organizations', { name: 'Durable', adminEmail: 'keep@example.com' });
      expect(created.status).toBe(200);
      const item = await keyClient(created.body.apiKey, first.url).post('/api/v1/work-items', { title: 'Survives restarts', type: 'TASK' });
      expect(item.status).toBe(200);
      await stopProcesses([first.child]);

      const second = await start();
      try {
        expect(readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim()).toBe(token);
        const api: ApiClient = keyClient(created.body.apiKey, second.url);
        const again = await api.get('/api/v1/work-items/WI-1');
        expect(again.status).toBe(200);
        expect(again.body).toEqual(item.body);
        expect((await api.post('/api/v1/work-items', { title: 'Next one', type: 'TASK' })).body.key).toBe('WI-2');
        expect((await operatorClient(token, second.url).post('/operator/organizations', { name: 'Another', adminEmail: 'x@example.com' })).status).toBe(200);
      } finally {
        await stopProcesses([second.child]);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two cold starts of an embedded PostgreSQL, each applying every migration on the first.
  }, 180_000);
});
