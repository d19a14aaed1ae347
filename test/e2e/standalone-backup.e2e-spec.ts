import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { keyClient, operatorClient } from './support/client';
import { gitlabPush, postGitlab, uniqueRepo } from './support/repos';
import { describeIn, stackInfo } from './support/stack-info';

const run = promisify(execFile);

/**
 * The standalone backup and restore of the README, command for command: stop the server, archive
 * DATA_DIR with tar, unpack the archive into another directory and start from it. The copy holds
 * the data and the keys the server generated: the operator token, API keys, and the key that
 * decrypts the stored repository secrets.
 */
describeIn('standalone')('standalone backup and restore', () => {
  it('restores data and keys from a tar of the stopped DATA_DIR', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-backup-'));
    const dataDir = path.join(work, 'data');
    const restored = path.join(work, 'restored');
    const archive = path.join(work, 'pds-backup.tar.gz');
    // Keys come from DATA_DIR only when the environment sets none.
    const { OPERATOR_TOKEN: _token, REPO_SECRET_KEY: _repo, WEBHOOK_SECRET_KEY: _webhook, ...env } = stackInfo().env;
    const start = async (dir: string) => {
      const port = await freePort();
      const child = spawnApp('standalone', { env: { ...env, PORT: String(port), DATA_DIR: dir }, logFile: path.join(stackInfo().logDir, `backup-${port}.log`) });
      const url = `http://127.0.0.1:${port}`;
      await waitUntilReady(url, child, 90_000);
      return { child, url };
    };
    try {
      const first = await start(dataDir);
      const token = readFileSync(path.join(dataDir, 'operator-token'), 'utf8').trim();
      const org = await operatorClient(token, first.url).post('/operator/organizations', { name: 'Backed up', adminEmail: 'backup@example.com' });
      expect(org.status).toBe(200);
      const api = keyClient(org.body.apiKey, first.url);
      const item = await api.post('/api/v1/work-items', { title: 'In the backup', type: 'TASK' });
      const fullName = uniqueRepo();
      const connection = await api.post('/api/v1/repositories', { provider: 'GITLAB', fullName });
      expect(connection.status).toBe(200);
      await stopProcesses([first.child]);

      // The README's commands: a consistent copy needs the server stopped (it holds DATA_DIR's lock).
      await run('tar', ['-czf', archive, '-C', dataDir, '.']);
      await run('mkdir', ['-p', restored]);
      await run('tar', ['-xzf', archive, '-C', restored]);

      const second = await start(restored);
      try {
        const again = keyClient(org.body.apiKey, second.url);
        expect((await again.get(`/api/v1/work-items/${item.body.key}`)).body).toEqual(item.body);
        expect((await operatorClient(token, second.url).post('/operator/organizations', { name: 'After', adminEmail: 'after@example.com' })).status).toBe(200);
        // The repository secret was stored encrypted: the restored key decrypts it, so the provider's
        // deliveries are still accepted.
        const delivery = await postGitlab({ id: connection.body.id, secret: connection.body.secret }, 'Push Hook', gitlabPush(fullName, 'main', []), { baseUrl: second.url });
        expect(delivery.status).toBe(202);
        expect((await again.post('/api/v1/work-items', { title: 'After the restore', type: 'TASK' })).body.key).toBe('WI-2');
      } finally {
        await stopProcesses([second.child]);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 240_000);
});
