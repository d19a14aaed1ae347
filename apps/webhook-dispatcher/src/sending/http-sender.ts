import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { BlockedTargetError, blockedReason, guardedLookup } from '../security/target-guard';

export const RESPONSE_KEEP_BYTES = 4096;

export interface SendOptions {
  timeoutMs: number;
  connectTimeoutMs: number;
  allowPrivateTargets: boolean;
}

export interface SendResult {
  /** null when no response arrived (blocked, refused, timed out). */
  statusCode: number | null;
  /** First 4 KB of the response body. */
  responseBody: string | null;
  retryAfter: string | undefined;
  error: string | null;
  latencyMs: number;
}

// Keep-alive agents: the address check runs in `lookup` whenever a new connection is made.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 30_000 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 512, timeout: 30_000 }),
};

/**
 * One POST of a webhook body. Redirects are never followed (a 3xx is just a failed attempt); the
 * target address is checked before any connection is made, and the connection is pinned to the
 * address that was checked (IP literals are checked here because Node skips `lookup` for them).
 */
export function send(rawUrl: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (partial: Omit<SendResult, 'latencyMs'>): SendResult => ({ ...partial, latencyMs: Math.round(performance.now() - started) });
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivateTargets && isIP(host)) {
    const reason = blockedReason(host);
    if (reason) return Promise.resolve(done({ statusCode: null, responseBody: null, retryAfter: undefined, error: new BlockedTargetError(host, reason).message }));
  }
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(connect);
      resolve(done(result));
    };
    const fail = (message: string) => finish({ statusCode: null, responseBody: null, retryAfter: undefined, error: message });
    const request = transport.request(
      url,
      {
        method: 'POST',
        agent: agents[url.protocol as 'http:' | 'https:'],
        headers: { 'content-type': 'application/json', 'user-agent': 'pds-webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
        ...(options.allowPrivateTargets ? {} : { lookup: guardedLookup as unknown as typeof import('node:dns').lookup }),
      },
      (response) => {
        clearTimeout(connect);
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_KEEP_BYTES - kept);
          }
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const retryAfter = response.headers['retry-after'];
          finish({
            statusCode: status,
            responseBody: chunks.length ? Buffer.concat(chunks).toString('utf8') : null,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
            error: status >= 200 && status < 300 ? null : status >= 300 && status < 400 ? `redirect ${status} not followed` : `HTTP ${status}`,
          });
        });
        response.on('error', (error) => fail(error.message));
      },
    );
    const total = setTimeout(() => {
      fail(`timed out after ${options.timeoutMs} ms`);
      request.destroy();
    }, options.timeoutMs);
    const connect = setTimeout(() => {
      if (request.socket && !request.socket.connecting) return;
      fail(`could not connect within ${options.connectTimeoutMs} ms`);
      request.destroy();
    }, options.connectTimeoutMs);
    request.on('error', (error) => fail(error instanceof BlockedTargetError ? error.message : `${(error as NodeJS.ErrnoException).code ?? 'error'}: ${error.message}`));
    request.end(body);
  });
}
