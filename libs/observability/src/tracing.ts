import { Attributes, ROOT_CONTEXT, Span, SpanKind, SpanStatusCode, Tracer, propagation, trace } from '@opentelemetry/api';
import { StartupError } from '@pds/config';
import type * as TraceSdk from './trace-sdk';

export { SpanKind } from '@opentelemetry/api';
export type { Span } from '@opentelemetry/api';

let tracer: Tracer | undefined;
let sdk: { shutdown(): Promise<void> } | undefined;

/**
 * Tracing is on when the standard variables ask for it: an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`
 * or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) or an explicit `OTEL_TRACES_EXPORTER` other than `none`,
 * and `OTEL_SDK_DISABLED` is not true. Off, the SDK is never loaded and no span is ever made.
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporters) return !exporters.split(',').every((name) => ['none', ''].includes(name.trim()));
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts tracing when the `OTEL_*` variables ask for it (traces only: metrics are prom-client's
 * `/metrics`, logs are pino's): exporter, endpoint, protocol, sampler and batching come from them
 * (trace-sdk.ts). Spans are made by hand at the HTTP edge and on both sides of every message, so no
 * instrumentation package patches anything. A setting the SDK cannot honour fails the start.
 */
export async function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (tracer) return true;
  if (!tracingRequested(env)) return false;
  // Required here, not imported at the top: without OTEL_* the SDK's packages are never read.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require keeps the CommonJS build the static imports use
  const { registerTraceSdk, TracingSettingError } = require('./trace-sdk') as typeof TraceSdk;
  try {
    const provider = registerTraceSdk(serviceName, env);
    sdk = provider;
    tracer = provider.getTracer('product-delivery-service');
  } catch (error) {
    throw error instanceof TracingSettingError ? new StartupError(error.message) : error;
  }
  return true;
}

/** Flushes the spans still buffered; called when the app shuts down. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  tracer = undefined;
  await running?.shutdown().catch(() => undefined);
}

export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

/**
 * A new span, child of `parent` (a span of this process, or the W3C `traceparent` of another's),
 * or a root. Undefined when tracing is off: callers skip all span work on that.
 */
export function startSpan(name: string, kind: SpanKind, parent?: Span | string, attributes?: Attributes): Span | undefined {
  if (!tracer) return undefined;
  const context =
    typeof parent === 'string'
      ? propagation.extract(ROOT_CONTEXT, { traceparent: parent })
      : parent
        ? trace.setSpan(ROOT_CONTEXT, parent)
        : ROOT_CONTEXT;
  return tracer.startSpan(name, { kind, attributes }, context);
}

/** The W3C `traceparent` that makes a span the parent of another process's span. */
export function traceparentOf(span: Span): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier.traceparent;
}

export function endSpan(span: Span, failed = false, message?: string): void {
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.end();
}
