import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import type { AppName } from '../../tools/stack';
import { Json, createOrganization, keyClient } from './support/client';
import { atLeast, eventually } from './support/eventually';
import { IsolatedStack, startIsolatedStack } from './support/isolated-stack';
import { rawMcp } from './support/mcp';
import { scrape, stackMetric } from './support/metrics';
import { Receiver, createWebhook } from './support/receiver';
import { connectRepository, githubPush, postGithub, uniqueRepo } from './support/repos';
import { stackInfo } from './support/stack-info';

const WORK_ITEMS = '/api/v1/work-items';
const distributed = stackInfo().mode === 'distributed';

describe('/metrics', () => {
  it('is served by every app of the stack, without a key, with process metrics', async () => {
    for (const [app, url] of Object.entries(stackInfo().appUrls)) {
      const response = await fetch(`${url}/metrics`);
      expect({ app, status: response.status }).toEqual({ app, status: 200 });
      expect(response.headers.get('content-type')).toContain('text/plain');
      const text = await response.text();
      expect(text).toContain('process_cpu_seconds_total');
      expect(text).toContain('pds_http_requests_in_flight');
      expect(text).toContain('# TYPE pds_http_request_duration_seconds histogram');
    }
  });

  it('counts HTTP requests by route template and status, never by URL, and the bus requests behind them', async () => {
    const org = await createOrganization();
    const item = (await org.api.post(WORK_ITEMS, { title: 'Counted', type: 'TASK' })).body;
    const route = { method: 'GET', route: '/api/v1/work-items/:id' };
    const before = await stackMetric('pds_http_request_duration_seconds_count', { ...route, status: '200' });
    const missingBefore = await stackMetric('pds_http_request_duration_seconds_count', { ...route, status: '404' });
    const busBefore = await stackMetric('pds_bus_request_duration_seconds_count', { subject: 'delivery.work-item.get', outcome: 'ok' });
    for (const ref of [item.id, item.key, item.key]) expect((await org.api.get(`${WORK_ITEMS}/${ref}`)).status).toBe(200);
    expect((await org.api.get(`${WORK_ITEMS}/WI-999999`)).status).toBe(404);

    await eventually(() => stackMetric('pds_http_request_duration_seconds_count', { ...route, status: '200' }), { until: (value) => value >= before + 3 });
    expect(await stackMetric('pds_http_request_duration_seconds_count', { ...route, status: '404' })).toBeGreaterThanOrEqual(missingBefore + 1);
    expect(await stackMetric('pds_bus_request_duration_seconds_count', { subject: 'delivery.work-item.get', outcome: 'ok' })).toBeGreaterThanOrEqual(busBefore + 3);
    // No series carries a record's id or key.
    const gateway = await scrape(stackInfo().apiUrl);
    expect(gateway).not.toContain(item.id);
    expect(gateway).not.toContain(`/${item.key}`);
  });

  it('counts MCP tool calls by tool and outcome', async () => {
    const org = await createOrganization();
    const labels = { tool: 'whoami', outcome: 'ok' };
    const before = await stackMetric('pds_mcp_tool_calls_total', labels);
    const errorsBefore = await stackMetric('pds_mcp_tool_calls_total', { tool: 'get_records', outcome: 'error' });
    const call = (name: string, args: Json) =>
      rawMcp('POST', { 'x-api-key': org.apiKey }, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
    expect((await call('whoami', {})).status).toBe(200);
    expect((await call('whoami', {})).status).toBe(200);
    expect((await call('get_records', { refs: ['WI-999999'] })).status).toBe(200);
    await eventually(() => stackMetric('pds_mcp_tool_calls_total', labels), { until: (value) => value >= before + 2 });
    await eventually(() => stackMetric('pds_mcp_tool_calls_total', { tool: 'get_records', outcome: 'error' }), { until: (value) => value >= errorsBefore + 1 });
  });

  it('counts repository deliveries received and processed', async () => {
    const org = await createOrganization();
    const connection = await connectRepository(org, { provider: 'GITHUB', fullName: uniqueRepo() });
    const received = { provider: 'GITHUB', outcome: 'accepted' };
    const before = await stackMetric('pds_repo_deliveries_received_total', received);
    const refusedBefore = await stackMetric('pds_repo_deliveries_received_total', { provider: 'GITHUB', outcome: 'refused' });
    const processedBefore = await stackMetric('pds_repo_deliveries_processed_total', { outcome: 'processed' });
    expect((await postGithub(connection, 'push', githubPush(connection.fullName, 'main', [{ message: 'metrics' }]))).status).toBe(202);
    expect((await postGithub(connection, 'push', githubPush(connection.fullName, 'main', []), { secret: 'wrong' })).status).toBe(401);
    await eventually(() => stackMetric('pds_repo_deliveries_received_total', received), { until: (value) => value >= before + 1 });
    expect(await stackMetric('pds_repo_deliveries_received_total', { provider: 'GITHUB', outcome: 'refused' })).toBeGreaterThanOrEqual(refusedBefore + 1);
    await eventually(() => stackMetric('pds_repo_deliveries_processed_total', { outcome: 'processed' }), { until: (value) => value >= processedBefore + 1 });
  });

  it('counts webhook attempts by outcome with their latency, and shows the outbox and pending gauges', async () => {
    const receiver = await Receiver.start();
    try {
      const org = await createOrganization();
      await createWebhook(org, `${receiver.url}/metrics-ok`, ['work_item.created']);
      const before = await stackMetric('pds_webhook_attempts_total', { outcome: 'success' });
      const latencyBefore = await stackMetric('pds_webhook_attempt_duration_seconds_count', { outcome: 'success' });
      expect((await org.api.post(WORK_ITEMS, { title: 'Delivered', type: 'TASK' })).status).toBe(200);
      await eventually(() => receiver.received((r) => r.path === '/metrics-ok'), { until: atLeast(1) });
      await eventually(() => stackMetric('pds_webhook_attempts_total', { outcome: 'success' }), { until: (value) => value >= before + 1 });
      expect(await stackMetric('pds_webhook_attempt_duration_seconds_count', { outcome: 'success' })).toBeGreaterThanOrEqual(latencyBefore + 1);

      const all = (await Promise.all(Object.values(stackInfo().appUrls).map(scrape))).join('\n');
      expect(all).toMatch(/^pds_webhook_deliveries_pending \d+$/m);
      expect(all).toMatch(/^pds_outbox_events_waiting\{schema="delivery"\} \d+$/m);
      expect(all).toMatch(/^pds_outbox_relay_lag_seconds\{schema="delivery"\} [\d.e+-]+$/m);
      if (distributed) {
        // JetStream backlog and the PostgreSQL pool exist only in the distributed run.
        expect(all).toMatch(/^pds_event_consumer_pending\{consumer="webhook-dispatcher"\} \d+$/m);
        expect(all).toMatch(/^pds_database_pool_connections\{state="in_use"\} \d+$/m);
      }
    } finally {
      await receiver.stop();
    }
  });
});

interface LogLine {
  reqId?: string;
  traceId?: string;
  msg?: string;
  subject?: string;
  url?: string;
  status?: number;
}

function logLines(file: string): LogLine[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The lines an app logged so far for one request id (pino writes through a pipe: wait with `eventually`). */
function requestLines(file: string, reqId: string): LogLine[] {
  return logLines(file).filter((line) => line.reqId === reqId);
}

const handled = (subject: string) => (lines: LogLine[]) => lines.some((line) => line.msg === 'message handled' && line.subject === subject);

describe('one request id across processes', () => {
  const apps: AppName[] = ['api-gateway', 'delivery-intake', 'webhook-dispatcher', 'mcp-server'];
  let stack: IsolatedStack;
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await Receiver.start();
    // On by default on Node 24; the machines' Node 20 needs it asked for (REQUEST_CONTEXT=auto).
    stack = await startIsolatedStack({ env: { LOG_LEVEL: 'debug', REQUEST_CONTEXT: 'on' }, apps });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  });
  const logOf = (app: AppName) => stack.logFile(distributed ? app : 'standalone');

  it('follows a request id from the gateway into the service, the event handler and the webhook attempt it caused', async () => {
    const org = await createOrganization(undefined, stack.url);
    const api = keyClient(org.apiKey, stack.url);
    expect((await api.post('/api/v1/webhooks', { url: `${receiver.url}/follow`, events: ['work_item.created'] })).status).toBe(200);
    const reqId = `e2e-follow-${randomBytes(6).toString('hex')}`;
    const created = await api.post(WORK_ITEMS, { title: 'Followed', type: 'TASK' }, { headers: { 'x-request-id': reqId } });
    expect(created.status).toBe(200);
    expect(created.headers.get('x-request-id')).toBe(reqId);
    await eventually(() => receiver.received((r) => r.path === '/follow'), { until: atLeast(1) });

    const gateway = await eventually(() => requestLines(logOf('api-gateway'), reqId), { until: (lines) => lines.some((line) => line.msg === 'request') });
    expect(gateway).toContainEqual(expect.objectContaining({ msg: 'request', url: WORK_ITEMS, status: 200 }));
    // The service that handled the request, in its own process (over NATS in the distributed run).
    expect(await eventually(() => requestLines(logOf('delivery-intake'), reqId), { until: handled('delivery.work-item.create') })).toContainEqual(
      expect.objectContaining({ msg: 'message handled', subject: 'delivery.work-item.create' }),
    );
    // The event the request's transaction wrote (outbox → JetStream) and the webhook attempt it caused.
    const dispatcher = await eventually(() => requestLines(logOf('webhook-dispatcher'), reqId), { until: (lines) => handled('events.work_item.created')(lines) && lines.some((line) => line.msg === 'webhook attempt') });
    expect(dispatcher).toContainEqual(expect.objectContaining({ msg: 'message handled', subject: 'events.work_item.created' }));
    expect(dispatcher).toContainEqual(expect.objectContaining({ msg: 'webhook attempt' }));
    // Every line about handling this create carries an id: none is written outside the request.
    const creates = logLines(logOf('delivery-intake')).filter((line) => line.subject === 'delivery.work-item.create');
    expect(creates.length).toBeGreaterThan(0);
    for (const line of creates) expect(line.reqId).toBeDefined();
  });

  it('carries the request id of an MCP tool call into the service it asks', async () => {
    const org = await createOrganization(undefined, stack.url);
    const reqId = `e2e-mcp-${randomBytes(6).toString('hex')}`;
    const response = await fetch(`${distributed ? stack.appUrl('mcp-server') : stack.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-api-key': org.apiKey, 'x-request-id': reqId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_work_items', arguments: {} } }),
    });
    expect(response.status).toBe(200);
    const toDelivery = (line: LogLine) => line.msg === 'message handled' && line.subject?.startsWith('delivery.') === true;
    expect(await eventually(() => requestLines(logOf('delivery-intake'), reqId), { until: (lines) => lines.some(toDelivery) })).toContainEqual(
      expect.objectContaining({ msg: 'message handled', subject: expect.stringMatching(/^delivery\./) }),
    );
  });

  it('makes up an id for a request without a usable one, and uses it the same way', async () => {
    const org = await createOrganization(undefined, stack.url);
    const created = await keyClient(org.apiKey, stack.url).post(WORK_ITEMS, { title: 'Unnamed', type: 'TASK' }, { headers: { 'x-request-id': 'not valid!' } });
    expect(created.status).toBe(200);
    const reqId = created.headers.get('x-request-id') ?? '';
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await eventually(() => requestLines(logOf('delivery-intake'), reqId), { until: handled('delivery.work-item.create') })).not.toEqual([]);
  });
});

interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}

/** A tiny OTLP/HTTP receiver: the JSON the exporter sends with OTEL_EXPORTER_OTLP_PROTOCOL=http/json. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ExportedSpan[]; stop(): Promise<void> }> {
  const spans: ExportedSpan[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = resourceSpans.resource?.attributes?.find((a: Json) => a.key === 'service.name')?.value?.stringValue;
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ service, traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId || undefined, name: span.name, kind: span.kind });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The exported span that matches (a probe: spans are exported in batches, wait with `eventually`). */
function exported(spans: ExportedSpan[], match: (span: ExportedSpan) => boolean): ExportedSpan {
  const span = spans.find(match);
  if (!span) throw new Error(`span not exported; got ${JSON.stringify(spans.map((s) => `${s.service} ${s.name}`))}`);
  return span;
}

const SERVER = 2;
const CLIENT = 3;

describe('OpenTelemetry traces (OTEL_* switched on)', () => {
  let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let stack: IsolatedStack;
  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    stack = await startIsolatedStack({
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '200' },
      apps: ['api-gateway', 'delivery-intake', 'webhook-dispatcher'],
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await otlp?.stop();
  });

  it('puts the gateway span and the service span of a request in one trace, parent and child across the hop', async () => {
    const org = await createOrganization(undefined, stack.url);
    const api = keyClient(org.apiKey, stack.url);
    const item = (await api.post(WORK_ITEMS, { title: 'Traced', type: 'TASK' })).body;
    expect((await api.get(`${WORK_ITEMS}/${item.key}`)).status).toBe(200);

    const gatewayName = distributed ? 'api-gateway' : 'standalone';
    const http = await eventually(() => exported(otlp.spans, (s) => s.service === gatewayName && s.name === 'GET /api/v1/work-items/:id' && s.kind === SERVER));
    const handled = await eventually(() => exported(otlp.spans, (s) => s.traceId === http.traceId && s.name === 'handle delivery.work-item.get'));
    if (distributed) {
      // gateway HTTP span → gateway client span (NATS request) → delivery-intake server span.
      const request = await eventually(() => exported(otlp.spans, (s) => s.spanId === handled.parentSpanId));
      expect(request).toMatchObject({ service: 'api-gateway', name: 'request delivery.work-item.get', kind: CLIENT, traceId: http.traceId, parentSpanId: http.spanId });
      expect(handled).toMatchObject({ service: 'delivery-intake', kind: SERVER });
    } else {
      expect(handled).toMatchObject({ service: 'standalone', parentSpanId: http.spanId });
    }
  });

  it('continues the trace of a request into the event handlers its transaction caused', async () => {
    const org = await createOrganization(undefined, stack.url);
    const api = keyClient(org.apiKey, stack.url);
    expect((await api.post(WORK_ITEMS, { title: 'Traced event', type: 'TASK' })).status).toBe(200);
    const http = await eventually(() => exported(otlp.spans, (s) => s.name === 'POST /api/v1/work-items' && s.kind === SERVER));
    const processed = await eventually(() => exported(otlp.spans, (s) => s.traceId === http.traceId && s.name === 'process work_item.created' && s.service === (distributed ? 'webhook-dispatcher' : 'standalone')));
    const parent = await eventually(() => exported(otlp.spans, (s) => s.spanId === processed.parentSpanId));
    expect(parent).toMatchObject({ name: 'handle delivery.work-item.create', traceId: http.traceId });
  });
});
