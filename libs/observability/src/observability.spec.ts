import { Histogram, Registry } from 'prom-client';
import { Writable } from 'node:stream';
import { HealthRegistry } from './health';
import { createLogger } from './logger';
import { FastHistogram, LATENCY_BUCKETS, Metrics, ScrapedGauge } from './metrics';
import { RequestContext, configureRequestContext, requestContext, requestContextEnabled } from './request-context';
import { registerTraceSdk } from './trace-sdk';
import { startTracing, tracingEnabled, tracingRequested } from './tracing';

describe('FastHistogram', () => {
  it('renders exactly what prom-client\'s Histogram renders for the same observations', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const fast = new FastHistogram(ours, 'x_seconds', 'help text', ['route', 'status']);
    const reference = new Histogram({ name: 'x_seconds', help: 'help text', labelNames: ['route', 'status'], buckets: [...LATENCY_BUCKETS], registers: [theirs] });
    const observations: [string, string, number][] = [
      ['/a/:id', '200', 0.0004],
      ['/a/:id', '200', 0.001],
      ['/a/:id', '200', 0.0371],
      ['/a/:id', '404', 12],
      ['/b', '200', 0.25],
      ['/b', '200', 10],
    ];
    for (const [route, status, value] of observations) {
      fast.observe(fast.child(route, status), value);
      reference.observe({ route, status }, value);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('keeps the series callers hold when reset', async () => {
    const registry = new Registry();
    const fast = new FastHistogram(registry, 'y_seconds', 'help', ['a']);
    const series = fast.child('1');
    fast.observe(series, 1);
    fast.reset();
    fast.observe(series, 2);
    expect(await registry.metrics()).toContain('y_seconds_count{a="1"} 1');
    expect(await registry.metrics()).toContain('y_seconds_sum{a="1"} 2');
  });
});

describe('ScrapedGauge', () => {
  it('asks its sources at scrape time and leaves out the ones that fail', async () => {
    const registry = new Registry();
    const gauge = new ScrapedGauge(registry, 'waiting', 'help', ['schema']);
    let waiting = 3;
    gauge.add(async () => [[{ schema: 'delivery' }, waiting]]);
    const remove = gauge.add(() => Promise.reject(new Error('database down')));
    expect(await registry.metrics()).toContain('waiting{schema="delivery"} 3');
    waiting = 5;
    remove();
    expect(await registry.metrics()).toContain('waiting{schema="delivery"} 5');
  });
});

describe('HealthRegistry', () => {
  it('exports each readiness check as pds_dependency_up at scrape time: 1 up, 0 failing or hanging', async () => {
    const metrics = new Metrics({ processMetrics: false });
    const health = new HealthRegistry(metrics);
    health.register('database', async () => undefined);
    health.register('messaging', () => Promise.reject(new Error('connection closed')));
    let text = await metrics.registry.metrics();
    expect(text).toContain('pds_dependency_up{dependency="database"} 1');
    expect(text).toContain('pds_dependency_up{dependency="messaging"} 0');
    // A check that never answers is down before the scrape gives up on the gauge.
    health.register('messaging', () => new Promise(() => undefined));
    text = await metrics.registry.metrics();
    expect(text).toContain('pds_dependency_up{dependency="messaging"} 0');
  });
});

describe('Metrics', () => {
  it('counts requests in flight and observes by route template', async () => {
    const metrics = new Metrics({ processMetrics: false });
    metrics.httpRequestStarted();
    metrics.httpRequestStarted();
    metrics.httpRequestFinished('GET', '/api/v1/work-items/:id', 200, 0.004);
    metrics.busRequest('delivery.work-item.get', 'timeout', 10);
    const { body } = await metrics.render();
    expect(body).toContain('pds_http_requests_in_flight 1');
    expect(body).toContain('pds_http_request_duration_seconds_count{method="GET",route="/api/v1/work-items/:id",status="200"} 1');
    expect(body).toContain('pds_bus_request_duration_seconds_count{subject="delivery.work-item.get",outcome="timeout"} 1');
    expect(body).toContain('pds_bus_request_duration_seconds_count{subject="delivery.work-item.get",outcome="ok"} 0');
  });
});

describe('request id in log lines', () => {
  it('is added to every line written inside a request context, and only there', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger({ level: 'info', name: 'test' }, sink);
    logger.info('outside');
    requestContext.run(new RequestContext('req-42'), () => {
      logger.info({ extra: 1 }, 'inside');
      logger.child({ component: 'x' }).warn('child inside');
    });
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['outside', undefined],
      ['inside', 'req-42'],
      ['child inside', 'req-42'],
    ]);
  });
});

describe('tracingRequested', () => {
  it('is on only when the standard OTEL_* variables ask for traces', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
    expect(tracingRequested({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(false);
  });
});

describe('the trace SDK', () => {
  it('follows OTEL_TRACES_SAMPLER and OTEL_SERVICE_NAME', async () => {
    const off = registerTraceSdk('api-gateway', { OTEL_TRACES_EXPORTER: 'console', OTEL_TRACES_SAMPLER: 'always_off' });
    expect(off.getTracer('t').startSpan('x').isRecording()).toBe(false);
    await off.shutdown();
    const on = registerTraceSdk('api-gateway', { OTEL_TRACES_EXPORTER: 'console', OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1' });
    const span = on.getTracer('t').startSpan('x');
    expect(span.isRecording()).toBe(true);
    expect((span as unknown as { resource: { attributes: Record<string, unknown> } }).resource.attributes['service.name']).toBe('api-gateway');
    span.end();
    await on.shutdown();
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4317', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, /OTEL_EXPORTER_OTLP_PROTOCOL="grpc" is not supported: use http\/protobuf/],
    [{ OTEL_TRACES_EXPORTER: 'zipkin' }, /OTEL_TRACES_EXPORTER="zipkin" is not supported/],
    [{ OTEL_TRACES_EXPORTER: 'console', OTEL_TRACES_SAMPLER: 'sometimes' }, /OTEL_TRACES_SAMPLER="sometimes" is not one of/],
    [{ OTEL_TRACES_EXPORTER: 'console', OTEL_BSP_SCHEDULE_DELAY: 'soon' }, /OTEL_BSP_SCHEDULE_DELAY="soon" must be a whole number/],
  ])('refuses at start, in one line, what it cannot honour: %j', async (env, message) => {
    await expect(startTracing('api-gateway', env)).rejects.toThrow(expect.objectContaining({ name: 'StartupError', message: expect.stringMatching(message) }));
    expect(tracingEnabled()).toBe(false);
  });
});

describe('configureRequestContext', () => {
  afterAll(() => configureRequestContext('on', false));

  it('follows REQUEST_CONTEXT, is forced on by tracing, and is on by itself only where AsyncLocalStorage is cheap', () => {
    expect(configureRequestContext('off', false)).toBe(false);
    expect(requestContextEnabled()).toBe(false);
    expect(configureRequestContext('off', true)).toBe(true);
    expect(configureRequestContext('on', false)).toBe(true);
    expect(configureRequestContext('auto', false)).toBe(Number(process.versions.node.split('.')[0]) >= 24);
  });
});
