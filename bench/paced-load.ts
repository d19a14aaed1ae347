import http from 'node:http';

/** What a paced run measured: latencies in ms from each request's due time. */
export interface PacedRun {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Open-loop load at a constant arrival rate, as wrk2 offers it: request i is due at start + i/rate
 * and its latency counts from that moment, so a server that falls behind shows its queue in the
 * figures (no coordinated omission). autocannon's rate option is not this: each connection sends
 * its per-second quota back to back when the second starts and then waits, so "200/s" arrives as
 * a burst of 200 and p99 measures how long the burst takes to drain.
 */
export async function pacedLoad(url: string, paths: string[], headers: Record<string, string>, rate: number, seconds: number): Promise<PacedRun> {
  const base = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const send = (index: number, due: number) => {
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        { host: base.hostname, port: base.port, path: paths[index % paths.length], method: 'GET', headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if (!response.statusCode || response.statusCode < 200 || response.statusCode >= 400) non2xx += 1;
            resolve();
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end();
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
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
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] * 10) / 10 : 0);
  return { requests: latencies.length, requestsPerSecond: Math.round(latencies.length / elapsed), p50: at(0.5), p99: at(0.99), non2xx, errors };
}
