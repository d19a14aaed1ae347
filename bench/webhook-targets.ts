/**
 * Webhook targets in a process of their own, so that what answering the deliveries costs shows as
 * its own CPU figure beside the apps' and the load generator's: `count` HTTP servers on free
 * loopback ports that answer 200 to every POST and count what arrived. Started by startWebhookTargets
 * (node's fork: the parent asks for the counts over the IPC channel).
 */
import { ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Ready {
  urls: string[];
}
interface Counts {
  deliveries: number;
  signed: number;
}

export interface WebhookTargets {
  urls: string[];
  pid: number;
  /** Deliveries received so far, and how many carried a signature. */
  counts(): Promise<Counts>;
  stop(): Promise<void>;
}

export async function startWebhookTargets(count: number): Promise<WebhookTargets> {
  const child: ChildProcess = fork(__filename, [String(count)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`the webhook targets exited (${code})`)));
  });
  return {
    urls: ready.urls,
    pid: child.pid as number,
    counts: () =>
      new Promise<Counts>((resolve) => {
        child.once('message', (message) => resolve(message as Counts));
        child.send('count');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function serve(count: number): Promise<void> {
  const counts: Counts = { deliveries: 0, signed: 0 };
  const urls = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = http.createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          counts.deliveries += 1;
          if (req.headers['webhook-signature']) counts.signed += 1;
          res.writeHead(200).end();
        });
      });
      server.keepAliveTimeout = 30_000;
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }),
  );
  process.on('message', () => process.send?.(counts));
  process.send?.({ urls } satisfies Ready);
}

if (require.main === module) void serve(Number(process.argv[2] ?? 5));
