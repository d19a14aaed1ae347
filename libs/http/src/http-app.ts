import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { PinoNestLogger } from '@pds/observability';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ApiErrorFilter } from './api-error.filter';
import { toErrorResponse } from './error-response';
import { refuseJson, refuseParameters } from './input-hygiene';
import { lingerBeforeClose } from './lingering-close';
import { closeOnSignals } from './shutdown';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface RouteBodyLimit {
  /** Path prefix, e.g. `/api/v1/intake`. */
  prefix: string;
  limit: number;
}

export interface HttpAppOptions {
  logger: Logger;
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

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

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
  const { logger } = options;
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    requestIdHeader: false,
    // Fastify's option type is generic over the platform's own Fastify copy; the shape is what matters.
    frameworkErrors: answerFrameworkError as never,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
    },
  });
  const fastify = adapter.getInstance();

  // An empty body sent as application/json means "no body" (e.g. POST …/conclude), not malformed
  // JSON; every other body goes through Fastify's own parser (prototype-poisoning checks included).
  // Routes marked `@RouteConfig(RAW_BODY)` get the unparsed bytes instead: signed inbound webhooks
  // must verify the signature over exactly what was sent, before any parsing.
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
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
  // Before any handler: NUL characters and lone surrogates in path parameters or query values.
  fastify.addHook('preValidation', (request, _reply, done) => {
    done(refuseParameters('path', request.params) ?? refuseParameters('query', request.query));
  });
  fastify.addHook('onRoute', (route) => {
    const match = options.routeBodyLimits?.find((entry) => route.url.startsWith(entry.prefix));
    if (match) route.bodyLimit = match.limit;
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  // The contract answers 200 to every success, creations included; Nest would answer POST with 201.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode === 201) void reply.code(200);
    // Refused before the body was read: let the client finish sending so that it gets the answer.
    else if (reply.statusCode === 413) lingerBeforeClose(request.raw.socket);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    // Probes hit /health and /ready every few seconds; they are noise at info level.
    const level = request.url === '/health' || request.url === '/ready' ? 'debug' : 'info';
    logger[level](
      { reqId: request.id, method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    // Fastify parses bodies (with the JSON parser set up above); Nest would add a second one.
    bodyParser: false,
  });
  app.useGlobalFilters(new ApiErrorFilter(logger));
  closeOnSignals(app, logger);
  return app;
}

/** Listens and returns the bound address (port 0 picks a free one). */
export async function listen(app: INestApplication, port: number, host = '0.0.0.0'): Promise<string> {
  await app.listen(port, host);
  return app.getUrl();
}
