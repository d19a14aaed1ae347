import pino, { Logger } from 'pino';
import { requestContext } from './request-context';

export type { Logger } from 'pino';

/** Nest injection token of the process's root pino logger. */
export const LOGGER = Symbol('LOGGER');

/**
 * Secrets never reach a log line: API keys, bearer tokens, signatures and any field that is, or
 * ends in, a secret, key or token is censored wherever it appears.
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-gitlab-token"]',
  'req.headers["x-hub-signature-256"]',
  'headers["x-api-key"]',
  'headers.authorization',
  '*.apiKey',
  '*.secret',
  '*.token',
  '*.password',
  '*.OPERATOR_TOKEN',
  '*.WEBHOOK_SECRET_KEY',
  'apiKey',
  'secret',
  'token',
];

/**
 * Standard output, written synchronously, as Node writes its own stdout to files and pipes. pino's
 * default (asynchronous) destination flushes at exit and, when the reader of a pipe is gone
 * (`npm start | tee log` after Ctrl-C), retries the EPIPE every 100 ms forever while blocking the
 * event loop, so no shutdown deadline could fire. Written synchronously, the first EPIPE reaches
 * pino's broken-pipe handler, which drops every later line; there is nothing left to flush at exit.
 */
function standardOutput(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: true });
}

/** `destination` defaults to stdout (tests pass a stream of their own). */
export function createLogger(options: { level: string; name: string }, destination?: pino.DestinationStream): Logger {
  const settings: pino.LoggerOptions = {
    name: options.name,
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { app: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: requestFields,
  };
  return pino(settings, destination ?? standardOutput());
}

/**
 * Every line written while a request (or a message or event it caused) is being handled carries
 * its id, and its trace id when tracing is on, whichever process writes it. pino calls this only
 * for lines at an enabled level; it merges into the returned object, so it is a new one each time.
 */
function requestFields(): Record<string, string> {
  const context = requestContext.getStore();
  if (!context) return {};
  return context.span ? { reqId: context.requestId, traceId: context.span.spanContext().traceId } : { reqId: context.requestId };
}
