import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** What a paced run measured: latencies in ms from each request's due time. */
export interface PacedRun {
  /** Requests answered in the measured run. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /**
   * The load generator's own event-loop delay over the run (p99 and max, ms): a request due while
   * the generator's loop was blocked is sent late and counted from its due time, so a max near the
   * run's p99 says the tail is the generator's, not the service's. Open loop only.
   */
  generatorDelay?: { p99: number; max: number };
  /**
   * The slowest answers, as [seconds into the run when the request was due, latency ms]: a stall
   * shows as one window of them, a slow path as answers spread over the run.
   */
  slowest?: [number, number][];
}

/** One request of an open-loop run; `label` groups its latency with others of its kind. */
export interface PacedRequest {
  label: string;
  /** Absolute URL (requests of one run may go to several apps). */
  url: string;
  method?: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
}

/** A paced run of a mix: all of it, and each label on its own. */
export interface PacedMixRun {
  total: PacedRun;
  byLabel: Map<string, PacedRun>;
  /** Seconds from the first due time until the last answer. */
  seconds: number;
  /** Requests that got no answer, by what went wrong (a timeout, a refused or reset connection). */
  errorKinds: Map<string, number>;
  /** Each label's latencies (ms, ascending), for percentiles over several runs together. */
  latencies: Map<string, number[]>;
}

/** The `q` quantile (0–1) of ascending latencies, to 0.1 ms; 0 when there are none. */
export function quantile(ascending: readonly number[], q: number): number {
  if (!ascending.length) return 0;
  return Math.round(ascending[Math.min(ascending.length - 1, Math.ceil(q * ascending.length) - 1)] * 10) / 10;
}

const summary = (latencies: number[], non2xx: number, errors: number, seconds: number): PacedRun => {
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length, requestsPerSecond: Math.round(latencies.length / seconds), p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), non2xx, errors };
};

/**
 * Open-loop load at a constant arrival rate, as wrk2 offers it: request i is due at start + i/rate
 * and its latency counts from that moment, so a server that falls behind shows its queue in the
 * figures (no coordinated omission). autocannon's rate option is not this: each connection sends
 * its per-second quota back to back when the second starts and then waits, so "200/s" arrives as
 * a burst of 200 and p99 measures how long the burst takes to drain. `next(i)` says what the i-th
 * request is, so one run can offer a mix of paths, methods and apps.
 */
export async function pacedMix(rate: number, seconds: number, next: (index: number) => PacedRequest): Promise<PacedMixRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const stats = new Map<string, { latencies: number[]; non2xx: number; errors: number }>();
  const slowest: [number, number][] = [];
  const of = (label: string) => {
    let entry = stats.get(label);
    if (!entry) stats.set(label, (entry = { latencies: [], non2xx: 0, errors: 0 }));
    return entry;
  };
  const errorKinds = new Map<string, number>();
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const send = (index: number, due: number) => {
    const spec = next(index);
    const entry = of(spec.label);
    const done = new Promise<void>((resolve) => {
      const headers = spec.body === undefined ? spec.headers : { ...spec.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(spec.body)) };
      const request = http.request(spec.url, { method: spec.method ?? 'GET', headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          const latency = performance.now() - due;
          entry.latencies.push(latency);
          noteSlow(due, latency);
          if (!response.statusCode || response.statusCode < 200 || response.statusCode >= 400) entry.non2xx += 1;
          resolve();
        });
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', (error: NodeJS.ErrnoException) => {
        const kind = error.code ?? error.message;
        errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        entry.errors += 1;
        resolve();
      });
      request.end(spec.body);
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const noteSlow = (due: number, latency: number) => {
    if (slowest.length >= 10 && latency <= slowest[slowest.length - 1][1]) return;
    slowest.push([Math.round(due - start) / 1000, Math.round(latency * 10) / 10]);
    slowest.sort((a, b) => b[1] - a[1]);
    slowest.length = Math.min(slowest.length, 10);
  };
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const start = performance.now();
  const interval = 1000 / rate;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      // Everything due by now goes out now, each measured from its own due time.
      while (sent < total && start + sent * interval <= now) {
        send(sent, start + sent * interval);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  loopDelay.disable();
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  const all = { latencies: [] as number[], non2xx: 0, errors: 0 };
  const byLabel = new Map<string, PacedRun>();
  const latencies = new Map<string, number[]>();
  for (const [label, entry] of stats) {
    all.latencies.push(...entry.latencies);
    all.non2xx += entry.non2xx;
    all.errors += entry.errors;
    byLabel.set(label, summary(entry.latencies, entry.non2xx, entry.errors, elapsed));
    latencies.set(label, entry.latencies);
  }
  const generatorDelay = { p99: Math.round(loopDelay.percentile(99) / 1e5) / 10, max: Math.round(loopDelay.max / 1e5) / 10 };
  slowest.sort((a, b) => a[0] - b[0]);
  return { total: { ...summary(all.latencies, all.non2xx, all.errors, elapsed), generatorDelay, slowest }, byLabel, seconds: elapsed, errorKinds, latencies };
}

interface PacedLoadInput {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  rate: number;
  seconds: number;
}

function rotating({ url, paths, headers, rate, seconds }: PacedLoadInput): Promise<PacedMixRun> {
  const base = url.replace(/\/$/, '');
  return pacedMix(rate, seconds, (i) => ({ label: 'all', url: `${base}${paths[i % paths.length]}`, headers }));
}

/**
 * pacedMix of GETs rotating over `paths` of one base URL, sent from a worker thread of its own: the
 * bench's main thread holds what it seeded, and its garbage collections (up to 37 ms seen) would
 * send the requests due meanwhile late and count the wait as the service's latency.
 */
export function pacedLoad(url: string, paths: string[], headers: Record<string, string>, rate: number, seconds: number): Promise<PacedRun> {
  const input: PacedLoadInput = { url, paths, headers, rate, seconds };
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: { pacedLoad: input } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

if (!isMainThread && workerData?.pacedLoad) {
  void rotating(workerData.pacedLoad as PacedLoadInput).then((run) => parentPort?.postMessage(run.total));
}
