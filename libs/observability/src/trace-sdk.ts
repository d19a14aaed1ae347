/**
 * The trace SDK, built from the standard `OTEL_*` variables. Loaded only when tracing is asked for
 * (tracing.ts imports this module lazily): its packages are the smallest set that exports traces,
 * not `@opentelemetry/sdk-node`, which brings every exporter of traces, metrics and logs
 * (docs/observability.md, "Traces"; docs/capacity.md, "Image sizes").
 */
import { propagation } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  Sampler,
  SpanExporter,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

/** A setting the SDK cannot honour: refused at start, in one line, rather than exporting nothing. */
export class TracingSettingError extends Error {}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);

function exporter(name: string, env: NodeJS.ProcessEnv): SpanExporter {
  if (name === 'console') return new ConsoleSpanExporter();
  if (name !== 'otlp') throw new TracingSettingError(`OTEL_TRACES_EXPORTER="${name}" is not supported: use otlp (OTLP over HTTP) or console`);
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf').trim().toLowerCase();
  if (protocol === 'http/protobuf') return new OtlpProtobufExporter();
  if (protocol === 'http/json') return new OtlpJsonExporter();
  throw new TracingSettingError(`OTEL_EXPORTER_OTLP_PROTOCOL="${protocol}" is not supported: use http/protobuf (the default) or http/json, on the collector's HTTP port (4318)`);
}

function ratio(env: NodeJS.ProcessEnv): number {
  const value = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new TracingSettingError(`OTEL_TRACES_SAMPLER_ARG="${env.OTEL_TRACES_SAMPLER_ARG}" must be a ratio from 0 to 1`);
  return value;
}

/** The specification's samplers (OTEL_TRACES_SAMPLER, default parentbased_always_on). */
function sampler(env: NodeJS.ProcessEnv): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on').trim().toLowerCase();
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio(env));
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio(env)) });
    default:
      throw new TracingSettingError(`OTEL_TRACES_SAMPLER="${name}" is not one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio`);
  }
}

/** OTEL_BSP_*: milliseconds and sizes of the batch export; unset ones keep the SDK's defaults. */
function batchOptions(env: NodeJS.ProcessEnv): { scheduledDelayMillis?: number; exportTimeoutMillis?: number; maxQueueSize?: number; maxExportBatchSize?: number } {
  const read = (name: string) => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new TracingSettingError(`${name}="${raw}" must be a whole number`);
    return value;
  };
  return {
    scheduledDelayMillis: read('OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: read('OTEL_BSP_EXPORT_TIMEOUT'),
    maxQueueSize: read('OTEL_BSP_MAX_QUEUE_SIZE'),
    maxExportBatchSize: read('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  };
}

/**
 * Registers a tracer provider for `serviceName` (unless OTEL_SERVICE_NAME names another) and the
 * W3C trace-context propagator, which carries `traceparent` over HTTP and NATS. No context manager
 * and no instrumentation: spans are made by hand with explicit parents (tracing.ts).
 */
export function registerTraceSdk(serviceName: string, env: NodeJS.ProcessEnv): TracerProvider {
  const exporters = list(env.OTEL_TRACES_EXPORTER).filter((name) => name !== 'none');
  const spanProcessors = (exporters.length ? exporters : ['otlp']).map((name) => new BatchSpanProcessor({ exporter: exporter(name, env), ...batchOptions(env) }));
  const resource = resourceFromAttributes({ 'service.name': serviceName }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new TracerProvider({ resource, sampler: sampler(env), spanProcessors });
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return provider;
}
