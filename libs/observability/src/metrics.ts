import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; from a cached read (~1 ms) to a request that hits the bus timeout (10 s). */
export const LATENCY_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One label set of a FastHistogram: counts per bucket (the last one is +Inf), sum and count. */
export class HistogramSeries {
  sum = 0;
  count = 0;
  readonly buckets: Float64Array;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    bucketCount: number,
  ) {
    this.buckets = new Float64Array(bucketCount + 1);
  }
}

interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  metricName: string;
}

/**
 * A histogram whose observation allocates nothing: callers hold the series of their label set
 * (looked up in their own maps, which cost no string building) and `observe` adds to typed
 * arrays. prom-client's own `observe` builds a label object and a hash string per call (~0.8 µs
 * measured here); the HTTP edge and the bus observe on every request. Registered in prom-client's
 * registry as a metric of its own, so `/metrics` renders it with prom-client's formatter; a unit
 * test checks the text is what prom-client's Histogram writes for the same observations.
 */
export class FastHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, HistogramSeries>();

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    readonly upperBounds: readonly number[] = LATENCY_BUCKETS,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series of these label values (in `labelNames` order); look it up once and keep it. */
  child(...values: string[]): HistogramSeries {
    const key = values.join('\u0000');
    let series = this.series.get(key);
    if (!series) {
      series = new HistogramSeries(Object.fromEntries(this.labelNames.map((name, i) => [name, values[i]])), this.upperBounds.length);
      this.series.set(key, series);
    }
    return series;
  }

  observe(series: HistogramSeries, value: number): void {
    const bounds = this.upperBounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]) i++;
    series.buckets[i] += 1;
    series.sum += value;
    series.count += 1;
  }

  async get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }> {
    const values: MetricValue[] = [];
    const bucket = `${this.name}_bucket`;
    for (const series of this.series.values()) {
      let cumulative = 0;
      this.upperBounds.forEach((le, i) => {
        cumulative += series.buckets[i];
        values.push({ value: cumulative, labels: { le }, sharedLabels: { ...series.labels }, metricName: bucket });
      });
      values.push({ value: series.count, labels: { le: '+Inf' }, sharedLabels: { ...series.labels }, metricName: bucket });
      values.push({ value: series.sum, labels: {}, sharedLabels: { ...series.labels }, metricName: `${this.name}_sum` });
      values.push({ value: series.count, labels: {}, sharedLabels: { ...series.labels }, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** Zeroes every series in place: callers keep the series objects they hold. */
  reset(): void {
    for (const series of this.series.values()) {
      series.buckets.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}

export type GaugeSample = readonly [labels: Readonly<Record<string, string>>, value: number];
export type GaugeSource = () => Promise<readonly GaugeSample[]> | readonly GaugeSample[];

/**
 * A gauge computed when Prometheus scrapes (a count in the database, a consumer's backlog), never
 * on a request's path. Components register a source and remove it when they stop; a source that
 * fails or takes longer than two seconds leaves its series out of that scrape.
 */
export class ScrapedGauge {
  private readonly sources = new Set<GaugeSource>();

  constructor(registry: Registry, name: string, help: string, labelNames: readonly string[]) {
    const sources = this.sources;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const samples = await Promise.all([...sources].map((source) => sample(source)));
        this.reset();
        for (const [labels, value] of samples.flat()) this.set(labels, value);
      },
    });
  }

  add(source: GaugeSource): () => void {
    this.sources.add(source);
    return () => this.sources.delete(source);
  }
}

const SCRAPE_SOURCE_TIMEOUT_MS = 2000;

function sample(source: GaugeSource): Promise<readonly GaugeSample[]> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), SCRAPE_SOURCE_TIMEOUT_MS);
    Promise.resolve()
      .then(source)
      .then(
        (samples) => resolve(samples),
        () => resolve([]),
      )
      .finally(() => clearTimeout(timer));
  });
}

export type BusOutcome = 'ok' | 'error' | 'timeout' | 'unavailable';
const BUS_OUTCOMES: readonly BusOutcome[] = ['ok', 'error', 'timeout', 'unavailable'];

/**
 * The metrics of one process (one app, or every app in standalone), in a registry of its own.
 * Names, labels and meaning are listed in docs/observability.md. Hot-path observations (HTTP
 * requests, bus requests) go to FastHistograms and plain counters read at scrape time.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new FastHistogram(
    this.registry,
    'pds_http_request_duration_seconds',
    'HTTP requests by method, route template and status code, and how long they took.',
    ['method', 'route', 'status'],
  );
  private inFlight = 0;
  readonly busRequestDuration = new FastHistogram(
    this.registry,
    'pds_bus_request_duration_seconds',
    'Requests this process sent to another service over the bus (NATS request/reply; in-process in standalone), by subject and outcome.',
    ['subject', 'outcome'],
  );
  readonly outboxWaiting = this.gauge('pds_outbox_events_waiting', 'Outbox events not yet published (parked ones excluded), per context schema.', ['schema']);
  readonly outboxLag = this.gauge('pds_outbox_relay_lag_seconds', 'Age of the oldest outbox event waiting to be published, per context schema (0 when none waits).', ['schema']);
  readonly outboxParked = this.gauge('pds_outbox_events_parked', 'Outbox events set aside after repeated publishing failures, per context schema.', ['schema']);
  readonly consumerPending = this.gauge(
    'pds_event_consumer_pending',
    'Events a durable consumer has not yet acknowledged: JetStream num_pending + num_ack_pending (distributed only).',
    ['consumer'],
  );
  readonly webhookAttempts = this.counter(
    'pds_webhook_attempts_total',
    'Webhook delivery attempts by outcome: success (2xx), http_error (another status), network_error (no answer).',
    ['outcome'],
  );
  readonly webhookAttemptDuration = new Histogram({
    name: 'pds_webhook_attempt_duration_seconds',
    help: 'Webhook delivery attempt latency (request sent to answer or failure) by outcome.',
    labelNames: ['outcome'],
    buckets: [...LATENCY_BUCKETS],
    registers: [this.registry],
  });
  readonly webhookDeliveriesPending = this.gauge('pds_webhook_deliveries_pending', 'Webhook deliveries waiting for a first attempt or a retry, across organizations.', []);
  readonly webhookDeliveriesFailed = this.counter(
    'pds_webhook_deliveries_failed_total',
    'Webhook deliveries that ended FAILED (retries exhausted, 410 Gone, or subscription disabled) in this process.',
  );
  readonly repoDeliveriesReceived = this.counter(
    'pds_repo_deliveries_received_total',
    'Repository webhook deliveries received, by provider and outcome (accepted, ignored, duplicate, ping, refused: answered 4xx, busy: 503 over the unverified-body budget).',
    ['provider', 'outcome'],
  );
  readonly repoUnverifiedBodyBytes = this.gauge(
    'pds_repo_unverified_body_bytes',
    'Bytes of repository webhook bodies taken from the budget HOOK_UNVERIFIED_BODY_MIB: read or being read before their signature could be checked.',
    [],
  );
  readonly repoDeliveriesProcessed = this.counter(
    'pds_repo_deliveries_processed_total',
    'Stored repository deliveries processed (links and automations), by outcome (processed, failed).',
    ['outcome'],
  );
  readonly mcpToolCalls = this.counter('pds_mcp_tool_calls_total', 'MCP tool calls by tool and outcome (ok, error).', ['tool', 'outcome']);
  readonly dependencyUp = this.gauge(
    'pds_dependency_up',
    'Whether a dependency this process needs (database, messaging) answered its readiness check at this scrape: 1 up, 0 down.',
    ['dependency'],
  );
  readonly databasePool = this.gauge('pds_database_pool_connections', 'PostgreSQL pool connections by state: in_use, idle, and waiting (callers queued for a connection).', ['state']);

  private readonly httpSeries = new Map<string, Map<string, Map<number, HistogramSeries>>>();
  private readonly busSeries = new Map<string, HistogramSeries[]>();

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    const inFlight = () => this.inFlight;
    new Gauge({
      name: 'pds_http_requests_in_flight',
      help: 'HTTP requests received and not yet answered.',
      registers: [this.registry],
      collect() {
        this.set(inFlight());
      },
    });
  }

  // Every metric of the process goes to its one registry; these create them there (the fields above
  // use them as they initialize, in declaration order, after `registry`).
  private counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private gauge(name: string, help: string, labelNames: readonly string[]): ScrapedGauge {
    return new ScrapedGauge(this.registry, name, help, labelNames);
  }

  httpRequestStarted(): void {
    this.inFlight += 1;
  }

  /** `route` is the route template (`/api/v1/work-items/:id`), never the URL: ids would explode the series. */
  httpRequestFinished(method: string, route: string, status: number, seconds: number): void {
    this.inFlight -= 1;
    let byMethod = this.httpSeries.get(route);
    if (!byMethod) this.httpSeries.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = this.httpRequestDuration.child(method, route, String(status))));
    this.httpRequestDuration.observe(series, seconds);
  }

  busRequest(subject: string, outcome: BusOutcome, seconds: number): void {
    let bySubject = this.busSeries.get(subject);
    if (!bySubject) {
      bySubject = BUS_OUTCOMES.map((name) => this.busRequestDuration.child(subject, name));
      this.busSeries.set(subject, bySubject);
    }
    this.busRequestDuration.observe(bySubject[BUS_OUTCOMES.indexOf(outcome)], seconds);
  }

  /** The Prometheus text exposition of every metric of this process. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
