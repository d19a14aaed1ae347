/**
 * Fault tests of the distributed run: a dispatcher killed during delivery, and NATS restarted while
 * events are produced. The system NATS and PostgreSQL are never touched: the NATS test starts its
 * own nats-server and a small stack of its own against it.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations, connectPostgres } from '../../libs/persistence/src';
import { freePort, spawnApp, stopProcesses, waitUntilReady } from '../../tools/stack';
import { ApiClient, TestOrganization, createOrganization, keyClient } from './support/client';
import { isDistributed } from './support/events';
import { Receiver, createWebhook, waitForDeliveries } from './support/receiver';
import { stackInfo } from './support/stack-info';

const WORK_ITEMS = '/api/v1/work-items';

async function startDispatcher(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawnApp('webhook-dispatcher', {
    env: { ...env, PORT: String(port) },
    logFile: path.join(stackInfo().logDir, `webhook-dispatcher-${port}.log`),
  });
  await waitUntilReady(`http://127.0.0.1:${port}`, child, 60_000);
  return child;
}

function deliveredEventIds(receiverRequests: { path: string; body: { id: string } }[], at: string): Set<string> {
  return new Set(receiverRequests.filter((r) => r.path === at).map((r) => r.body.id));
}

if (isDistributed()) {
  describe('webhook faults (distributed)', () => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await Receiver.start();
    });
    afterAll(() => receiver.stop());

    it('completes every delivery when a dispatcher is killed during delivery', async () => {
      // A second dispatcher with a short lease joins the stack's one; both share the work.
      const second = await startDispatcher({ ...stackInfo().env, WEBHOOK_LEASE_MS: '3000' });
      try {
        const org = await createOrganization();
        const at = `/killed-${randomBytes(4).toString('hex')}`;
        receiver.replyAllFor(at, { status: 200, body: 'ok', delayMs: 1500 });
        const hook = await createWebhook(org, `${receiver.url}${at}`);
        const items = await Promise.all(Array.from({ length: 30 }, (_, i) => org.api.post(WORK_ITEMS, { title: `Item ${i}`, type: 'TASK' })));
        expect(items.every((r) => r.status === 200)).toBe(true);
        await receiver.waitFor(5, (r) => r.path === at);
        second.kill('SIGKILL');
        const deliveries = await waitForDeliveries(org, hook.id, (d) => d.length === 30 && d.every((x) => x.status === 'DELIVERED'), 45_000);
        expect(deliveries).toHaveLength(30);
        expect(deliveredEventIds(receiver.requests, at).size).toBe(30);
      } finally {
        await stopProcesses([second]);
      }
    }, 90_000);

    describe('with its own NATS server', () => {
      let nats: ChildProcess;
      let natsPort: number;
      let storeDir: string;
      let database: string;
      let adminUrl: string;
      let apps: ChildProcess[] = [];
      let api: ApiClient;
      let org: TestOrganization;

      const startNats = async () => {
        nats = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(natsPort), '-js', '-sd', storeDir], { stdio: 'ignore' });
        const deadline = Date.now() + 10_000;
        while (Date.now() < deadline) {
          const open = await new Promise<boolean>((resolve) => {
            const socket = net.connect(natsPort, '127.0.0.1');
            socket.once('connect', () => (socket.destroy(), resolve(true)));
            socket.once('error', () => resolve(false));
          });
          if (open) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('own nats-server did not start');
      };

      beforeAll(async () => {
        natsPort = await freePort();
        storeDir = mkdtempSync(path.join(os.tmpdir(), 'pds-e2e-nats-'));
        await startNats();
        adminUrl = process.env.E2E_DATABASE_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
        database = `pds_e2e_nats_${randomBytes(4).toString('hex')}`;
        const admin = new Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${database}`);
        await admin.end();
        const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
        const db = connectPostgres({ url: databaseUrl, poolSize: 2, applicationName: 'e2e-nats-migrate' });
        await applyMigrations(db);
        await db.close();
        const operatorToken = randomBytes(24).toString('base64url');
        const env = {
          ...stackInfo().env,
          DATABASE_URL: databaseUrl,
          NATS_URL: `nats://127.0.0.1:${natsPort}`,
          NATS_SUBJECT_PREFIX: 'natsfault',
          OPERATOR_TOKEN: operatorToken,
          NATS_REQUEST_TIMEOUT_MS: '1500',
        };
        const urls: string[] = [];
        for (const app of ['api-gateway', 'delivery-intake', 'webhook-dispatcher'] as const) {
          const port = await freePort();
          apps.push(spawnApp(app, { env: { ...env, PORT: String(port) }, logFile: path.join(stackInfo().logDir, `natsfault-${app}.log`) }));
          urls.push(`http://127.0.0.1:${port}`);
        }
        await Promise.all(urls.map((url, i) => waitUntilReady(url, apps[i], 60_000)));
        const bootstrap = await new ApiClient(urls[0], { authorization: `Bearer ${operatorToken}` }).post('/operator/organizations', {
          name: 'NATS fault',
          adminEmail: 'nats-fault@example.com',
        });
        api = keyClient(bootstrap.body.apiKey, urls[0]);
        org = { ...bootstrap.body, admin: bootstrap.body.user, api };
      }, 120_000);

      afterAll(async () => {
        await stopProcesses(apps);
        apps = [];
        nats?.kill('SIGKILL');
        rmSync(storeDir, { recursive: true, force: true });
        const admin = new Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await admin.end();
      });

      it('loses no event when NATS restarts while events are produced', async () => {
        const at = `/nats-${randomBytes(4).toString('hex')}`;
        const hook = await createWebhook(org, `${receiver.url}${at}`);
        const created: string[] = [];
        let restarted = false;
        let afterRestart = 0;
        // Produces throughout: before the outage, during it (requests fail fast with 503 and write
        // nothing), and after it until ten more work items were created.
        const producer = (async () => {
          const deadline = Date.now() + 60_000;
          for (let i = 0; afterRestart < 10 && Date.now() < deadline; i++) {
            const response = await api.post(WORK_ITEMS, { title: `Across restart ${i}`, type: 'TASK' }).catch(() => undefined);
            if (response?.status === 200) {
              created.push(response.body.id);
              if (restarted) afterRestart += 1;
            }
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        while (created.length < 5) await new Promise((resolve) => setTimeout(resolve, 50));
        nats.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await startNats();
        restarted = true;
        await producer;
        expect(afterRestart).toBe(10);
        await waitForDeliveries(org, hook.id, (d) => d.length >= created.length && d.every((x) => x.status === 'DELIVERED'), 60_000);
        const received = new Set(receiver.requests.filter((r) => r.path === at).map((r) => r.body.data.id as string));
        expect(created.filter((id) => !received.has(id))).toEqual([]);
      }, 120_000);
    });
  });
} else {
  describe('webhook faults', () => {
    it('run in the distributed suite only (standalone has no NATS and one process)', () => {
      expect(isDistributed()).toBe(false);
    });
  });
}
