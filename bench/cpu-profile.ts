/**
 * Where does the CPU of one request go? Runs the distributed path under load and reports CPU
 * microseconds per request for each process involved (gateway, service, nats-server, PostgreSQL,
 * the load generator). A development aid behind docs/benchmarks.md; not part of `npm run bench`.
 */
import { randomBytes } from 'node:crypto';
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase, freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import { Client } from 'pg';
import { BackendCpu, HARNESS_APPLICATION, cpuSeconds, deleteStreams, pidsOf, poster } from './support';

const adminUrl = 'postgresql://postgres@127.0.0.1:5432/test';

async function main(): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const scratch = await createScratchDatabase(adminUrl, 'pds_prof');
  const databaseUrl = scratch.url;
  const token = randomBytes(24).toString('base64url');
  const env = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000000', OPERATOR_TOKEN: token, DATABASE_URL: databaseUrl, NATS_SUBJECT_PREFIX: `prof_${suffix}`, HOST: '127.0.0.1', };
  const nodeArgs = process.env.PROFILE_NODE_ARGS?.split(' ').filter(Boolean);
  const port = await freePort();
  const gateway = spawnApp('api-gateway', { env: { ...env, PORT: String(port) }, nodeArgs, onLine: (l) => process.stdout.write(`gw: ${l}\n`) });
  const delivery = spawnApp('delivery-intake', { env: { ...env, PORT: String(await freePort()) }, nodeArgs, onLine: (l) => process.stdout.write(`di: ${l}\n`) });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, gateway);
    const org = (await (await fetch(`${url}/operator/organizations`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Profile', adminEmail: 'p@p.io' }) })).json()) as { apiKey: string; organization: { id: string } };
    for (let i = 0; i < 100; i += 1) {
      await fetch(`${url}/api/v1/work-items`, { method: 'POST', headers: { 'x-api-key': org.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ title: `Item ${i}`, type: 'TASK' }) });
    }
    const route = process.env.PROFILE_PATH ?? '/api/v1/work-items/WI-7';
    const probe = await fetch(url + route, { headers: { 'x-api-key': org.apiKey } });
    process.stdout.write(`probe: ${probe.status} ${(await probe.text()).slice(0, 200)}\n`);
    await autocannon({ url: url + route, connections: 50, duration: 3, headers: { 'x-api-key': org.apiKey } });
    let target = url;
    const extra: ChildProcess[] = [];
    const groups: Record<string, number[]> = { gateway: [gateway.pid as number], delivery: [delivery.pid as number], nats: pidsOf('nats-server'), loader: [process.pid] };
    if (process.env.PROFILE_TARGET === 'reference') {
      const referencePort = await freePort();
      const reference = spawn(process.execPath, [path.join(repoRoot, 'dist', 'bench', 'reference-server.js')], {
        env: { ...env, BENCH_ORGANIZATION_ID: org.organization.id, PORT: String(referencePort) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise((resolve) => reference.stdout?.once('data', resolve));
      target = `http://127.0.0.1:${referencePort}`;
      await autocannon({ url: target + route, connections: 50, duration: 3 });
      extra.push(reference);
      groups.gateway = [reference.pid as number];
      groups.delivery = [];
    }
    // PROFILE_BODY: 32 clients POST that JSON body instead (e.g. PROFILE_PATH=/api/v1/work-items PROFILE_BODY='{"title":"x","type":"TASK"}').
    // PROFILE_PATCH_STATUS=1: 32 clients PATCH the status of WI-1…WI-100 in turn, each request a real
    // change (IN_PROGRESS and IN_REVIEW alternate), so each writes its events; PROFILE_PATH is ignored.
    const patchStatus = process.env.PROFILE_PATCH_STATUS === '1';
    const body = process.env.PROFILE_BODY ? (JSON.parse(process.env.PROFILE_BODY) as unknown) : undefined;
    const post = poster(target, { 'x-api-key': org.apiKey, 'content-type': 'application/json' }, patchStatus ? 'PATCH' : 'POST');
    let sent = 0;
    const next = (): [string, unknown] => {
      if (!patchStatus) return [route, body];
      const n = sent++;
      return [`/api/v1/work-items/WI-${(n % 100) + 1}`, { status: Math.floor(n / 100) % 2 === 0 ? 'IN_PROGRESS' : 'IN_REVIEW' }];
    };
    const send = async (seconds: number): Promise<Map<number, number>> => {
      const until = Date.now() + seconds * 1000;
      const statuses = new Map<number, number>();
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (Date.now() < until) {
            const status = await post(...next());
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
      return statuses;
    };
    const writes = body !== undefined || patchStatus;
    if (writes) await send(3);
    // PostgreSQL: this run's own backends only (the server may be shared with other runs).
    const sampler = new Client({ connectionString: databaseUrl, application_name: HARNESS_APPLICATION });
    await sampler.connect();
    const backends = new BackendCpu(sampler);
    await backends.start();
    const sampling = setInterval(() => void backends.sample().catch(() => undefined), 500);
    const before = Object.fromEntries(Object.entries(groups).map(([k, p]) => [k, cpuSeconds(p)]));
    let requests: number;
    if (writes) {
      const statuses = await send(10);
      requests = [...statuses.values()].reduce((a, b) => a + b, 0);
      process.stdout.write(`${Math.round(requests / 10)} req/s, statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`);
    } else {
      const result = await autocannon({ url: target + route, connections: 50, duration: 10, headers: { 'x-api-key': org.apiKey } });
      requests = result.requests.total;
      process.stdout.write(`${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, non2xx ${result.non2xx}\n`);
    }
    clearInterval(sampling);
    await backends.sample();
    await sampler.end();
    const after = Object.fromEntries(Object.entries(groups).map(([k, p]) => [k, cpuSeconds(p)]));
    for (const key of Object.keys(groups)) {
      process.stdout.write(`${key.padEnd(10)} ${Math.round(((after[key] - before[key]) * 1e6) / requests)} µs/request\n`);
    }
    process.stdout.write(`${'postgres'.padEnd(10)} ${Math.round((backends.seconds() * 1e6) / requests)} µs/request (this database's backends)\n`);
    await stopProcesses(extra);
  } finally {
    await stopProcesses([gateway, delivery]);
    await scratch.drop().catch(() => undefined);
    await deleteStreams(`prof_${suffix}`);
  }
}

void main();
