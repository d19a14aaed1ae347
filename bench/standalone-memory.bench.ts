/**
 * `npm run bench:memory`: resident memory of standalone (one process, PGlite) under the read load of
 * `npm run bench` and a write load. Target: ≤ 450 MiB RSS throughout.
 *
 * Standalone starts on an empty DATA_DIR (so its first start is measured), gets
 * 1,000 work items, then with 50 autocannon connections: GET /work-items/WI-n (keys rotating),
 * POST /work-items, POST across ten organizations, PATCH status changes (each a real change with its
 * events), GET again on the larger table (the loads of `npm run bench` and `bench:writes`); then it
 * is restarted on the same DATA_DIR and read once more. RSS is sampled from /proc every 200 ms; "steady" is the median of a phase's
 * samples, "peak" the highest, and the process's VmHWM covers what sampling could miss. A probe
 * preloaded into the process (bench/memory-probe.ts) splits the memory into V8 heap, WebAssembly
 * (PGlite) and the rest at the end of each phase.
 *
 * BENCH_SECONDS (default 20) per measured phase, after a 3 s warm-up; BENCH_NODE_ARGS adds node
 * flags to the standalone process and PGLITE_SHARED_BUFFERS is passed on (experiments);
 * BENCH_MEMORY_NO_WRITE=1 only prints the block. Writes docs/benchmarks.md (block
 * "standalone-memory").
 */
import { randomBytes } from 'node:crypto';
import { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot, spawnApp, stopProcesses, waitUntilReady } from '../tools/stack';
import type { MemorySnapshot } from './memory-probe';
import { LoadResult, drive, memoryOf, wasmResidentOf, writeBenchmarkBlock } from './support';

const ITEMS = 1000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARM_UP_SECONDS = 3;
const TARGET_MIB = 450;
const extraNodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

interface Phase {
  name: string;
  load?: LoadResult;
  /** RSS samples during the measured window, MiB. */
  samples: number[];
  /** VmHWM at the end of the phase, MiB. */
  hwm: number;
  breakdown?: Breakdown;
}

interface Breakdown {
  rss: number;
  heap: number;
  heapUsed: number;
  newSpace: number;
  /** Resident MiB of each WebAssembly memory (PGlite's, Prisma's query compilers'). */
  wasmResident: number[];
  wasmSize: number[];
}

const paths = Array.from({ length: ITEMS }, (_, i) => `/api/v1/work-items/WI-${i + 1}`);
const newItem = { title: 'Bench write', type: 'TASK', description: 'A realistic description of some work.', estimate: 3 };

/** Samples VmRSS every 200 ms until stopped. */
function sampler(pid: number): { stop(): number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    try {
      samples.push(memoryOf(pid).rss);
    } catch {
      // the process has gone
    }
  }, 200);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

function breakdownOf(pid: number, probeFile: string): Breakdown | undefined {
  try {
    const probe = JSON.parse(readFileSync(probeFile, 'utf8')) as MemorySnapshot;
    return {
      rss: memoryOf(pid).rss,
      heap: probe.heapTotal,
      heapUsed: probe.heapUsed,
      newSpace: probe.spaces.new_space ?? 0,
      wasmResident: wasmResidentOf(pid),
      wasmSize: probe.wasm,
    };
  } catch {
    return undefined;
  }
}

async function start(env: NodeJS.ProcessEnv, probeFile: string): Promise<{ child: ChildProcess; url: string; readyMs: number }> {
  const port = await freePort();
  const started = Date.now();
  const child = spawnApp('standalone', {
    env: { ...env, PORT: String(port), MEMORY_PROBE_FILE: probeFile },
    nodeArgs: ['--require', path.join(repoRoot, 'dist', 'bench', 'memory-probe.js'), ...extraNodeArgs],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child);
  return { child, url, readyMs: Date.now() - started };
}

async function createOrganization(baseUrl: string, operatorToken: string, name: string): Promise<string> {
  const created = await fetch(`${baseUrl}/operator/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, adminEmail: 'bench@example.com' }),
  }).then((r) => r.json() as Promise<{ apiKey: string }>);
  return created.apiKey;
}

async function seed(baseUrl: string, operatorToken: string): Promise<string> {
  const created = { apiKey: await createOrganization(baseUrl, operatorToken, 'Bench') };
  const headers = { 'x-api-key': created.apiKey, 'content-type': 'application/json' };
  for (let i = 0; i < ITEMS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, ITEMS - i) }, () =>
        fetch(`${baseUrl}/api/v1/work-items`, { method: 'POST', headers, body: JSON.stringify(newItem) }).then((r) => {
          if (!r.ok) throw new Error(`seeding failed: ${r.status}`);
        }),
      ),
    );
  }
  return created.apiKey;
}

async function measure(name: string, pid: number, probeFile: string, run?: () => Promise<LoadResult>): Promise<Phase> {
  const sampling = sampler(pid);
  const load = run ? await run() : await new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000));
  const samples = sampling.stop();
  const phase: Phase = { name, load, samples, hwm: memoryOf(pid).peak, breakdown: breakdownOf(pid, probeFile) };
  const rss = summary(phase);
  process.stdout.write(
    `${name}: ${load ? `${load.requestsPerSecond} req/s, p99 ${load.p99} ms, ` : ''}RSS steady ${rss.steady} peak ${rss.peak} MiB (VmHWM ${phase.hwm})` +
      `${phase.breakdown ? `; ${describe(phase.breakdown)}` : ''}\n`,
  );
  return phase;
}

function summary(phase: Phase): { steady: number; peak: number } {
  const sorted = [...phase.samples].sort((a, b) => a - b);
  return { steady: sorted[Math.floor(sorted.length / 2)] ?? 0, peak: sorted.at(-1) ?? 0 };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const other = (b: Breakdown) => b.rss - Math.round(b.heap) - sum(b.wasmResident);

function describe(b: Breakdown): string {
  return `V8 heap ${Math.round(b.heap)} (used ${Math.round(b.heapUsed)}, new space ${Math.round(b.newSpace)}), WebAssembly resident ${b.wasmResident.join(' + ')} (PGlite's size ${b.wasmSize.map(Math.round).join(' + ')}), other ${other(b)}`;
}

async function main(): Promise<void> {
  const operatorToken = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pds-bench-memory-'));
  const probeFile = path.join(dataDir, 'memory-probe.json');
  const env = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    OPERATOR_TOKEN: operatorToken,
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    ...(process.env.PGLITE_SHARED_BUFFERS ? { PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS } : {}),
  };
  const loadBefore = os.loadavg()[0].toFixed(1);
  const children: ChildProcess[] = [];
  const phases: Phase[] = [];
  try {
    process.stdout.write('standalone on an empty DATA_DIR...\n');
    const first = await start(env, probeFile);
    let { child, url } = first;
    children.push(child);
    const pid = () => child.pid ?? 0;
    phases.push(await measure('started on the empty DATA_DIR', pid(), probeFile));
    const apiKey = await seed(url, operatorToken);
    phases.push(await measure(`seeded ${ITEMS} work items`, pid(), probeFile));
    const headers = { 'x-api-key': apiKey };
    const read = () => drive(url, { method: 'GET', paths, headers, seconds: SECONDS });
    await drive(url, { method: 'GET', paths, headers, seconds: WARM_UP_SECONDS });
    phases.push(await measure('read: GET /work-items/WI-n', pid(), probeFile, read));
    phases.push(
      await measure('write: POST /work-items', pid(), probeFile, () =>
        drive(url, { method: 'POST', paths: ['/api/v1/work-items'], headers, body: newItem, seconds: SECONDS }),
      ),
    );
    const others = [apiKey];
    for (let i = 1; i < 10; i += 1) others.push(await createOrganization(url, operatorToken, `Bench ${i}`));
    const createBody = JSON.stringify(newItem);
    phases.push(
      await measure('write: POST /work-items, ten organizations', pid(), probeFile, () =>
        drive(url, { method: 'POST', paths: ['/api/v1/work-items'], headers, body: newItem, vary: (n) => ({ apiKey: others[n % others.length], body: createBody }), seconds: SECONDS }),
      ),
    );
    // Each seeded item in turn, toggling between two statuses, so every request is a change with its events.
    phases.push(
      await measure('write: PATCH /work-items/WI-n status', pid(), probeFile, () =>
        drive(url, {
          method: 'PATCH',
          paths,
          headers,
          body: { status: 'IN_PROGRESS' },
          vary: (n) => ({ body: `{"status":"${Math.floor(n / ITEMS) % 2 === 0 ? 'IN_PROGRESS' : 'IN_REVIEW'}"}` }),
          seconds: SECONDS,
        }),
      ),
    );
    phases.push(await measure('read again (larger table)', pid(), probeFile, read));
    const firstHwm = memoryOf(pid()).peak;

    process.stdout.write('restart on the same DATA_DIR...\n');
    await stopProcesses(children.splice(0));
    const second = await start(env, probeFile);
    ({ child, url } = second);
    children.push(child);
    phases.push(await measure('restarted', pid(), probeFile));
    await drive(url, { method: 'GET', paths, headers, seconds: WARM_UP_SECONDS });
    phases.push(await measure('restarted, read', pid(), probeFile, read));
    const restartHwm = memoryOf(pid()).peak;

    const loaded = phases.filter((p) => p.load);
    const worstSteady = Math.max(...loaded.map((p) => summary(p).steady));
    const worstPeak = Math.max(firstHwm, restartHwm, ...phases.map((p) => summary(p).peak));
    const verdict = worstSteady <= TARGET_MIB && worstPeak <= TARGET_MIB ? 'met' : 'NOT met';
    const nodeArgs = child.spawnargs.slice(1, -1).filter((a) => !a.endsWith('memory-probe.js') && a !== '--require');
    const sharedBuffers = env.PGLITE_SHARED_BUFFERS ? `, PGLITE_SHARED_BUFFERS=${env.PGLITE_SHARED_BUFFERS}` : '';
    const markdown = [
      `## Standalone memory (\`npm run bench:memory\`)`,
      '',
      `Standalone on an empty DATA_DIR, ${ITEMS} work items seeded, then autocannon with 50 connections, ${WARM_UP_SECONDS} s warm-up and ${SECONDS} s per phase; restarted on the same DATA_DIR and read again. RSS sampled every 200 ms (steady: median of the phase; peak: highest sample); extra node flags ${nodeArgs.length ? nodeArgs.map((a) => `\`${a}\``).join(' ') : 'none'}${sharedBuffers}. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.version}, ${os.cpus().length} cores shared with other work (load average ${loadBefore} at the start, ${os.loadavg()[0].toFixed(1)} at the end).`,
      '',
      '| phase | req/s | p50 / p99 ms | RSS steady (peak) MiB | at the end: V8 heap / WebAssembly resident (each memory) / other MiB |',
      '|---|---|---|---|---|',
      ...phases.map((p) => {
        const rss = summary(p);
        const b = p.breakdown;
        const split = b ? `${Math.round(b.heap)} / ${sum(b.wasmResident)} (${b.wasmResident.join(' + ')}) / ${other(b)}` : '–';
        return `| ${p.name} | ${p.load ? p.load.requestsPerSecond : '–'} | ${p.load ? `${p.load.p50} / ${p.load.p99}` : '–'} | ${rss.steady} (${rss.peak}) | ${split} |`;
      }),
      '',
      `VmHWM (the process's own peak): ${firstHwm} MiB first run, ${restartHwm} MiB after the restart. Ready (/ready answering) ${(first.readyMs / 1000).toFixed(1)} s after the first start, ${(second.readyMs / 1000).toFixed(1)} s after the restart. Non-2xx + errors: ${loaded.map((p) => (p.load?.non2xx ?? 0) + (p.load?.errors ?? 0)).join(', ')}.`,
      'Other: RSS minus the V8 heap (committed) and the resident WebAssembly memory: Node and V8 themselves, compiled code, malloc.',
      `Target: ≤ ${TARGET_MIB} MiB RSS under load, steady and peak — ${verdict} (worst steady ${worstSteady}, worst peak ${worstPeak}).`,
    ].join('\n');
    if (process.env.BENCH_MEMORY_NO_WRITE === '1') process.stdout.write(`\n${markdown}\n`);
    else process.stdout.write(`\n${markdown}\n\nwritten to ${writeBenchmarkBlock('standalone-memory', markdown)}\n`);
  } finally {
    await stopProcesses(children);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
