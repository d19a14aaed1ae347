/*
 * Jest setup of every e2e spec file: `fetch` itself checks each response from the stack against
 * the OpenAPI document (support/openapi.ts), so neither the API client, nor the MCP SDK, nor a test
 * calling fetch directly can receive an unchecked answer; its security headers are checked too. A
 * mismatch fails the fetch and, in case a test swallowed that error, the test itself (afterEach).
 */
import { recordWrite } from './audited-writes';
import { contractFailures, responseProblem } from './openapi';
import { stackInfo } from './stack-info';

const stackOrigins = new Set<string>();
let logDir: string | undefined;
try {
  const info = stackInfo();
  logDir = info.logDir;
  for (const url of [info.apiUrl, info.repoReceiverUrl, info.mcpUrl, ...Object.values(info.appUrls)]) stackOrigins.add(new URL(url).origin);
} catch {
  // no stack (a spec that starts its own): only the x-request-id rule below applies
}

/**
 * The shared stack's apps, plus any other local process of ours (isolated stacks, replicas,
 * restarted instances): every app of the service stamps `x-request-id` on every answer; the tests'
 * own webhook receivers and fake providers do not.
 */
function fromTheService(url: URL, headers: Headers): boolean {
  if (stackOrigins.has(url.origin)) return true;
  return (url.hostname === '127.0.0.1' || url.hostname === 'localhost') && headers.has('x-request-id');
}

const SECRET_PREFIXES = /^\/(api\/v1|operator|mcp)(\/|$)/;

/**
 * Headers every answer of the service carries (response-headers.e2e-spec.ts tests the refusals
 * one by one): nosniff everywhere, no-store where keys and secrets are shown.
 */
function headerProblem(method: string, url: URL, status: number, headers: Headers): string | undefined {
  const where = `${method} ${url.pathname} → ${status}`;
  if (headers.get('x-content-type-options') !== 'nosniff') return `${where}: X-Content-Type-Options is ${headers.get('x-content-type-options')}, not nosniff`;
  if (SECRET_PREFIXES.test(url.pathname) && headers.get('cache-control') !== 'no-store') return `${where}: Cache-Control is ${headers.get('cache-control')}, not no-store`;
  return undefined;
}

const failures = contractFailures;
const originalFetch = globalThis.fetch;

globalThis.fetch = async function checkedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const startedAt = Date.now();
  const response = await originalFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!fromTheService(url, response.headers)) return response;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const contentType = response.headers.get('content-type');
  const stream = contentType?.startsWith('text/event-stream') ?? false;
  const text = stream || method === 'HEAD' ? undefined : await response.clone().text();
  const problem = responseProblem({ method, url, status: response.status, contentType, text }) ?? headerProblem(method, url, response.status, response.headers);
  if (problem) {
    failures.push(problem);
    throw new Error(`Response contradicts the OpenAPI document (or its headers): ${problem}`);
  }
  // Writes to the shared stack only: isolated stacks have databases of their own.
  if (logDir && stackOrigins.has(url.origin)) recordWrite(logDir, method, url, response.status, response.headers, text, startedAt);
  return response;
};

afterEach(() => {
  if (failures.length === 0) return;
  const found = failures.splice(0);
  throw new Error(`Responses contradict the OpenAPI document (or their headers):\n${found.join('\n')}`);
});
