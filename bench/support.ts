import autocannon from 'autocannon';
import { connect } from 'nats';
import type { Client } from 'pg';
import { execSync } from 'node:child_process';
import http from 'node:http';
import { readFileSync, readdirSync, readlinkSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../tools/stack';
import { PacedRun, pacedLoad } from './paced-load';

/** What a measured run gave, open or closed loop (closed loop: no generatorDelay). */
export type LoadResult = PacedRun;

/**
 * Load against rotating paths; a warm-up run first, then the measured run. Closed loop: autocannon,
 * 50 connections as fast as they go. With `rate`: open loop at that many requests per second,
 * evenly spaced, latency from each request's due time (pacedLoad; `connections` does not apply).
 * `measured` is called with the measured run (e.g. to read the processes' CPU around it).
 */
export async function load(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  seconds = 10,
  options: { connections?: number; rate?: number; measured?: <T>(run: () => Promise<T>) => Promise<T> } = {},
): Promise<LoadResult> {
  if (options.rate) {
    const rate = options.rate;
    await pacedLoad(url, paths, headers, rate, 3);
    const paced = () => pacedLoad(url, paths, headers, rate, seconds);
    return options.measured ? options.measured(paced) : paced();
  }
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: options.connections ?? 50,
      duration,
      requests: [
        {
          method: 'GET',
          headers,
          setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
        },
      ],
    });
  await run(3);
  const result = await (options.measured ? options.measured(() => run(seconds)) : run(seconds));
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Resident and peak resident memory of a process, in MiB. */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  if (!pid) return { rss: 0, peak: 0 };
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
}

/** Replaces the block between `<!-- bench:<name>:start -->` and `<!-- bench:<name>:end -->`. */
export function writeBenchmarkBlock(name: string, markdown: string): string {
  const file = path.join(repoRoot, 'docs', 'benchmarks.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const updated = current.includes(start)
    ? current.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, updated);
  return file;
}

/** Removes the streams a run created under its subject prefix (events, large payloads). */
export async function deleteStreams(prefix: string, natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222'): Promise<void> {
  const nc = await connect({ servers: natsUrl }).catch(() => undefined);
  if (!nc) return;
  const jsm = await nc.jetstreamManager();
  for await (const stream of jsm.streams.list()) {
    if (stream.config.name.includes(prefix)) await jsm.streams.delete(stream.config.name).catch(() => undefined);
  }
  await nc.close();
}

/** CPU time (user + system) the processes have used so far, in seconds. */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process has gone
    }
  }
  return ticks / 100;
}

/**
 * Local TCP ports of the sockets these processes hold (their file descriptors' socket inodes, looked
 * up in /proc/net/tcp and tcp6); a PostgreSQL backend's `client_port` is one of them when the
 * connection is theirs.
 */
export function localPortsOf(pids: number[]): Set<number> {
  const inodes = new Set<string>();
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
          if (match) inodes.add(match[1]);
        } catch {
          // the descriptor closed while listing
        }
      }
    } catch {
      // the process has gone
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (fields.length > 9 && inodes.has(fields[9])) ports.add(parseInt(fields[1].split(':')[1], 16));
    }
  }
  return ports;
}

/** Pids of every running process with this exact name (e.g. all PostgreSQL backends). */
export const pidsOf = (name: string): number[] =>
  execSync(`pgrep -x ${name} || true`).toString().split('\n').filter(Boolean).map(Number);

/** POST (or `method`) with a keep-alive agent; node:http costs the producer far less CPU than fetch. */
export function poster(baseUrl: string, headers: Record<string, string>, method = 'POST'): (path: string, body: unknown) => Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  return (path, body) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const request = http.request(`${baseUrl}${path}`, { method, agent, headers: { ...headers, 'content-length': Buffer.byteLength(payload) } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', reject);
      request.end(payload);
    });
}


/** Environment of every app of a distributed bench run: quiet logs, no rate limit, its own database and subject prefix. */
export function distributedBenchEnv(operatorToken: string, databaseUrl: string, natsUrl: string, subjectPrefix: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    OPERATOR_TOKEN: operatorToken,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    NATS_SUBJECT_PREFIX: subjectPrefix,
  };
}

/** `application_name` of a bench's own database connections, whose CPU is not the system's. */
export const HARNESS_APPLICATION = 'pds-bench-harness';

/**
 * CPU of this run's own PostgreSQL backends: the server is shared with other runs, so counting every
 * postgres process would charge their work to this one. Sampled, since a backend may end before the
 * run does; one first seen after `start` counts from its beginning. Client backends only: the
 * server's shared processes (WAL writer, checkpointer) and autovacuum workers, whose work lands in
 * whichever run happens to be on, are not included, nor is the sampler's own backend or any
 * connection named HARNESS_APPLICATION (a bench's own queries). `start` begins a new measurement.
 * `clients` (pids of app processes) keeps only the backends whose client socket one of them holds,
 * for benches that run two builds on one database.
 */
export class BackendCpu {
  private readonly backends = new Map<number, { first: number; last: number }>();
  private started = false;

  constructor(
    private readonly db: Client,
    private readonly clients?: () => number[],
  ) {}

  async sample(): Promise<void> {
    const { rows } = await this.db.query<{ pid: number; client_port: number | null }>(`SELECT pid, client_port FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
         AND pid <> pg_backend_pid() AND application_name <> '${HARNESS_APPLICATION}'`);
    const ports = this.clients ? localPortsOf(this.clients()) : undefined;
    for (const { pid, client_port } of rows) {
      if (ports && (client_port === null || !ports.has(client_port))) continue;
      const now = cpuSeconds([pid]);
      const seen = this.backends.get(pid);
      if (seen) seen.last = Math.max(seen.last, now);
      else this.backends.set(pid, { first: this.started ? 0 : now, last: now });
    }
  }

  async start(): Promise<void> {
    this.backends.clear();
    this.started = false;
    await this.sample();
    this.started = true;
  }

  seconds(): number {
    return [...this.backends.values()].reduce((sum, b) => sum + b.last - b.first, 0);
  }
}

export interface DriveOptions {
  method: 'GET' | 'POST' | 'PATCH';
  /** Rotated over the run (a POST usually names one). */
  paths: readonly string[];
  headers: Record<string, string>;
  body?: unknown;
  /** The n-th request's API key and body instead (writes spread over organizations, status toggles). */
  vary?: (n: number) => { apiKey?: string; body?: string };
  seconds: number;
  connections?: number;
}

/** One autocannon run, no warm-up (the caller decides what warms up). */
export async function drive(url: string, options: DriveOptions): Promise<LoadResult> {
  let next = 0;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.seconds,
    requests: [
      {
        method: options.method,
        headers: body === undefined ? options.headers : { ...options.headers, 'content-type': 'application/json' },
        body,
        setupRequest: (request) => {
          const n = next++;
          const varied = options.vary?.(n);
          const path = options.paths[n % options.paths.length];
          if (!varied) return { ...request, path };
          const headers = varied.apiKey ? { ...request.headers, 'x-api-key': varied.apiKey } : request.headers;
          return { ...request, path, headers, body: varied.body ?? request.body };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * Resident memory of each of a process's WebAssembly linear memories, in MiB, largest first
 * (`buffer.byteLength` overstates it: untouched pages). V8 reserves each memory as one mapping of several GiB; the part in
 * use is the read-write mapping right below the inaccessible rest of that reservation.
 */
export function wasmResidentOf(pid: number | undefined): number[] {
  if (!pid) return [];
  const mappings: { start: number; end: number; writable: boolean; rssKib: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range) mappings.push({ start: Number.parseInt(range[1], 16), end: Number.parseInt(range[2], 16), writable: range[3] === 'rw-p', rssKib: 0 });
    else if (line.startsWith('Rss:') && mappings.length) mappings[mappings.length - 1].rssKib = Number(/(\d+)/.exec(line)?.[1] ?? 0);
  }
  const resident: number[] = [];
  for (let i = 0; i + 1 < mappings.length; i += 1) {
    const [used, rest] = [mappings[i], mappings[i + 1]];
    if (used.writable && !rest.writable && rest.start === used.end && rest.end - rest.start >= 4 * 1024 ** 3) resident.push(Math.round(used.rssKib / 1024));
  }
  return resident.sort((a, b) => b - a);
}
