import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Metrics, PinoNestLogger, RequestContext, SpanKind, endSpan, requestContext, requestContextEnabled, startSpan, tracingEnabled } from '@pds/observability';
import { randomUUID } from 'node:crypto';
import { IncomingMessage, STATUS_CODES, ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { ApiErrorFilter } from './api-error.filter';
import { toErrorResponse } from './error-response';
import { refuseJson, refuseParameters } from './input-hygiene';
import { lingerBeforeClose } from './lingering-close';
import { closeOnSignals, handleShutdownSignals } from './shutdown';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface RouteBodyLimit {
  /** Path prefix, e.g. `/api/v1/intake`. */
  prefix: string;
  limit: number;
  /**
   * Answers what fails on these routes before any handler runs (a body over the limit, a body that
   * can't be parsed), in place of the API's JSON error: a browser posting a form reads a page.
   * Such failures never reach a Nest filter, so a controller's own filter can't do it.
   */
  answerEarlyError?: (error: Error, request: FastifyRequest, reply: FastifyReply) => void;
}

export interface HttpAppOptions {
  logger: Logger;
  /** The process's metrics (the same instance as ObservabilityModule's): HTTP requests are observed into it. */
  metrics: Metrics;
  bodyLimit?: number;
  /** Endpoints that accept more than the default (intake descriptions up to 900,000 characters). */
  routeBodyLimits?: readonly RouteBodyLimit[];
  /** Whose X-Forwarded-For to believe (hop count or proxy CIDRs; see TRUST_PROXY). */
  trustProxy?: false | number | string[];
}

/** Route config flags read by the app's hooks; set on a Nest handler with `@RouteConfig(...)`. */
interface RouteFlags {
  rawBody?: boolean;
}

/** `@RouteConfig(RAW_BODY)`: the handler receives the JSON body as the Buffer that arrived. */
export const RAW_BODY: RouteFlags = Object.freeze({ rawBody: true });

/**
 * Requests Node's HTTP parser refuses (malformed, headers over its limit, a timeout) never reach a
 * route or hook: Fastify's own answer, with nosniff added, since every answer carries it.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Client Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Exceeded maximum allowed HTTP header size']
        : [400, 'Client Error'];
  const body = JSON.stringify({ error: STATUS_CODES[status], message, statusCode: status });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request decoration: the id (and span) its handler, bus messages and log lines carry. */
const CONTEXT = 'pdsContext';
type WithContext = { [CONTEXT]: RequestContext | null };
const contextOf = (request: object) => (request as WithContext)[CONTEXT];

/** Where keys and secrets are shown (created and rotated keys, webhook and repository secrets, the bootstrap). */
const NO_STORE_PREFIXES = /^\/(?:api\/v1|operator|mcp)(?:[/?]|$)/;

/**
 * Every answer: browsers must not guess a type other than the one declared; and no cache, shared or
 * private, may keep an answer that can show a secret. Set on the raw response as the request
 * arrives, before Fastify sees it, so that every answer has them whoever writes it: refusals and
 * unknown paths, the MCP route (the SDK writes its response), and the 503 Fastify writes itself to a
 * request that arrives on an open connection while the app closes. A handler may still set its own
 * Cache-Control.
 */
function securityHeaders(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('x-content-type-options', 'nosniff');
  if (NO_STORE_PREFIXES.test(request.url ?? '')) response.setHeader('cache-control', 'no-store');
}

/**
 * Malformed URLs and over-long path parameters fail in Fastify's router, before any hook or Nest
 * filter: without this they would answer Fastify's own body instead of the contract's.
 */
function answerFrameworkError(error: Error, _request: unknown, reply: { code(status: number): { send(body: unknown): unknown } }): void {
  const { status, body } = toErrorResponse(error);
  void reply.code(status).send(body);
}

/**
 * Builds the Fastify-backed Nest app every HTTP edge uses: request ids (taken from a sane incoming
 * `x-request-id` or generated) in logs and responses, one access-log line per request, body limits,
 * and one error shape for everything, including failures Fastify raises before Nest sees the request.
 */
export async function createHttpApp(module: unknown, options: HttpAppOptions): Promise<NestFastifyApplication> {
  const { logger, metrics } = options;
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    // Fastify's option type is generic over the platform's own Fastify copy; the shape is what matters.
    frameworkErrors: answerFrameworkError as never,
    clientErrorHandler: answerClientError,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
  });
  const fastify = adapter.getInstance();
  fastify.server.prependListener('request', securityHeaders);

  // An empty body sent as application/json means "no body" (e.g. POST …/conclude), not malformed
  // JSON; every other body goes through Fastify's own parser. Its prototype-poisoning checks are off:
  // they answered "not valid JSON" to valid JSON; refuseJson refuses a "__proto__" key by its path
  // instead, and a "constructor" is an unknown field for the contracts' validation like any other.
  // Routes marked `@RouteConfig(RAW_BODY)` get the unparsed bytes instead: signed inbound webhooks
  // must verify the signature over exactly what was sent, before any parsing.
  const parseJson = fastify.getDefaultJsonParser('ignore', 'ignore');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if ((request.routeOptions.config as RouteFlags | undefined)?.rawBody) return done(null, bytes);
    if (bytes.length === 0) return done(null, undefined);
    parseJson(request, bytes.toString('utf8'), (error, parsed) => {
      if (error) return done(error, undefined);
      const refused = refuseJson(parsed);
      if (refused) done(refused, undefined);
      else done(null, parsed);
    });
  });
  fastify.decorateRequest(CONTEXT, null);
  // Before any handler: NUL characters and lone surrogates in path parameters or query values.
  // The handler then runs inside the request's context: entered here, after the body was read,
  // because body parsing continues from socket events, outside whatever onRequest entered.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const refused = refuseParameters('path', request.params) ?? refuseParameters('query', request.query);
    const context = contextOf(request);
    if (context) requestContext.run(context, done, refused);
    else done(refused);
  });
  fastify.addHook('onRoute', (route) => {
    const match = options.routeBodyLimits?.find((entry) => route.url.startsWith(entry.prefix));
    if (match) route.bodyLimit = match.limit;
    if (match?.answerEarlyError) route.errorHandler = match.answerEarlyError;
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    metrics.httpRequestStarted();
    if (requestContextEnabled()) {
      const span = tracingEnabled() ? startHttpSpan(request.method, request.url, request.headers.traceparent) : undefined;
      (request as unknown as WithContext)[CONTEXT] = new RequestContext(request.id, span);
    }
    done();
  });
  // The contract answers 200 to every success, creations included; Nest would answer POST with 201.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 201) void reply.code(200);
    // Answered before the body was read (413 from its length, a receiver's refusal from its
    // headers): let the client finish sending so that it gets the answer rather than a reset.
    else if (!request.raw.complete) lingerBeforeClose(request.raw.socket);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // Probes and scrapes hit /health, /ready and /metrics every few seconds: noise at info level.
    const url = request.url;
    const level = url === '/health' || url === '/ready' || url === '/metrics' ? 'debug' : 'info';
    const status = reply.statusCode;
    const span = contextOf(request)?.span;
    // onResponse runs after the socket finished, outside the request's context: the id is explicit.
    if (logger.isLevelEnabled(level)) {
      const fields = { reqId: request.id, method: request.method, url: url.split('?')[0], status, ms: Math.round(reply.elapsedTime) };
      logger[level](span ? { ...fields, traceId: span.spanContext().traceId } : fields, 'request');
    }
    // The route template, never the URL (ids would make a series per record); 'unmatched' for 404s.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequestFinished(request.method, route, status, reply.elapsedTime / 1000);
    if (span) {
      span.updateName(`${request.method} ${route}`);
      span.setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', status);
      endSpan(span, status >= 500);
    }
    done();
  });

  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    // Fastify parses bodies (with the JSON parser set up above); Nest would add a second one.
    bodyParser: false,
  });
  app.useGlobalFilters(new ApiErrorFilter(logger));
  handleShutdownSignals(logger);
  return app;
}

function startHttpSpan(method: string, url: string, traceparent: string | string[] | undefined) {
  return startSpan(method, SpanKind.SERVER, typeof traceparent === 'string' ? traceparent : undefined, {
    'http.request.method': method,
    'url.path': url.split('?')[0],
  });
}

/** `http://host:port` of a bound address, as bound: IPv6 in brackets, and `0.0.0.0` left as it is. */
export function httpUrl(address: Pick<AddressInfo, 'address' | 'port'>): string {
  return `http://${isIPv6(address.address) ? `[${address.address}]` : address.address}:${address.port}`;
}

/**
 * Listens and returns the bound address (port 0 picks a free one). Not Nest's getUrl: it shows
 * `0.0.0.0` as 127.0.0.1, and the printed address must say what the process is reachable on. From
 * then on SIGTERM and SIGINT close the app gracefully (shutdown.ts); before, they exit at once.
 */
export async function listen(app: INestApplication, port: number, host: string): Promise<string> {
  await app.listen(port, host);
  closeOnSignals(app);
  return httpUrl(app.getHttpServer().address() as AddressInfo);
}
