/* A real webhook receiver for the e2e suite: node:http on 127.0.0.1, verifies both signatures. */
import { spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Json, TestOrganization } from './client';
import { contractFailures, webhookProblem } from './openapi';

export interface ReceivedRequest {
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the envelope is checked field by field
  body: any;
}

/** What the receiver answers to one request: a status (and headers), or never answering. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'hang';

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `X-SVC-Signature` check: hex HMAC-SHA256 of the raw bytes keyed with the secret string. */
export function verifyContractSignature(secret: string, raw: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  return safeEqual(`sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`, header);
}

/** Standard Webhooks check: one of the space-separated `v1,` entries matches `id.timestamp.body`. */
export function verifyStandardSignature(secret: string, raw: Buffer, headers: http.IncomingHttpHeaders, toleranceS = 300): boolean {
  const id = headers['webhook-id'] as string | undefined;
  const timestamp = headers['webhook-timestamp'] as string | undefined;
  const signatures = headers['webhook-signature'] as string | undefined;
  if (!id || !timestamp || !signatures) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.`).update(raw).digest('base64')}`;
  return signatures.split(' ').some((candidate) => safeEqual(candidate, expected));
}

export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly replies = new Map<string, Reply[]>();
  private readonly hanging: http.ServerResponse[] = [];
  private readonly standing = new Map<string, Reply>();
  private constructor(private readonly server: http.Server, readonly url: string) {}

  static async start(): Promise<Receiver> {
    const holder: { receiver?: Receiver } = {};
    const server = http.createServer((req, res) => holder.receiver?.handle(req, res));
    server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    holder.receiver = new Receiver(server, `http://127.0.0.1:${port}`);
    return holder.receiver;
  }

  /** Replies for the next requests to `path`, in order; afterwards every request gets 200 "ok". */
  scriptFor(path: string, ...replies: Reply[]): void {
    this.replies.set(path, [...(this.replies.get(path) ?? []), ...replies]);
  }

  /** The reply to every request to `path` once its script is used up (instead of 200 "ok"). */
  replyAllFor(path: string, reply: Reply): void {
    this.standing.set(path, reply);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = undefined;
      }
      // What the dispatcher delivers (signed) must be what the document's `webhooks` describe.
      if (req.headers['x-svc-signature']) {
        const problem = webhookProblem(body);
        if (problem) contractFailures.push(problem);
      }
      this.requests.push({ at: Date.now(), path: req.url ?? '/', headers: req.headers, raw, body });
      const path = req.url ?? '/';
      const reply = this.replies.get(path)?.shift() ?? this.standing.get(path) ?? { status: 200, body: 'ok' };
      if (reply === 'hang') {
        this.hanging.push(res);
        return;
      }
      const answer = () => {
        res.writeHead(reply.status, reply.headers ?? {});
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  }

  /** The requests received so far (optionally matching), in arrival order: a probe for `eventually`. */
  received(match: (r: ReceivedRequest) => boolean = () => true): ReceivedRequest[] {
    return this.requests.filter(match);
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A port where TCP connections never complete: a child process listens with a backlog of one and
 * then blocks its event loop, so it never accepts; once the kernel's accept queue is filled here,
 * further connection attempts wait for a handshake that does not come.
 */
export async function startStalledListener(): Promise<{ port: number; stop(): void }> {
  const script = `
    const server = require('node:net').createServer();
    server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
      process.stdout.write(server.address().port + '\\n');
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300000);
    });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`stalled listener exited with ${code}`)));
  });
  const fillers = Array.from({ length: 4 }, () => net.connect(port, '127.0.0.1').on('error', () => undefined));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    port,
    stop() {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}

// Helpers of the webhooks e2e specs.

export const WEBHOOKS = '/api/v1/webhooks';
export const DELIVERIES = '/api/v1/webhooks/deliveries';

export async function createWebhook(org: TestOrganization, url: string, events: string[] = ['work_item.created'], extra: Json = {}): Promise<Json> {
  const response = await org.api.post(WEBHOOKS, { url, events, ...extra });
  if (response.status !== 200) throw new Error(`webhook creation failed: ${response.status} ${response.text}`);
  return response.body;
}

/**
 * The delivery log of one subscription, newest first (a probe for `eventually`). Anything but 200
 * throws, which `eventually` tries again: a 503 is a replica that was just killed (fault tests).
 */
export async function webhookDeliveriesOf(org: TestOrganization, webhookId: string): Promise<Json[]> {
  const response = await org.api.get(`${DELIVERIES}?webhookId=${webhookId}&limit=100`);
  if (response.status !== 200) throw new Error(`delivery list: ${response.status} ${response.text}`);
  return response.body.data;
}
