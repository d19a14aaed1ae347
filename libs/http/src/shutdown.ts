import type { INestApplication } from '@nestjs/common';
import { constants } from 'node:os';
import type { Logger } from 'pino';

/** Within Kubernetes' default 30 s termination grace period, with room to spare. */
export const SHUTDOWN_GRACE_MS = 25_000;

/**
 * A signal this soon after the first is the same request: Ctrl-C reaches `npm start` and the app
 * together, and npm forwards its own copy to the app a few milliseconds later; `start:distributed`
 * asks its apps to stop right after the terminal did.
 */
export const REPEATED_SIGNAL_MS = 1_000;

interface Shutdown {
  logger: Logger;
  /** Set once the app listens; before that a signal exits at once (nothing is served yet). */
  app?: Pick<INestApplication, 'close'>;
  first?: { signal: NodeJS.Signals; at: number };
}

let shutdown: Shutdown | undefined;

/**
 * SIGTERM and SIGINT (Ctrl-C) close the app gracefully and exit 0: the HTTP server stops accepting
 * and finishes the requests in flight, message handlers stop taking work and finish theirs, then NATS
 * is drained and the database closed (Nest's close order). The handlers stay installed for the whole
 * life of the process, because a signal without a handler would kill it on the spot (exit 130, the
 * shutdown cut short, standalone's DATA_DIR lock left behind):
 * - a repeated signal within REPEATED_SIGNAL_MS of the first is the same request and changes nothing;
 * - a later one is a person insisting: the process exits at once with 128 + the signal's number
 *   (130 for Ctrl-C), as a shell reports a process that signal killed;
 * - a shutdown that has not finished after SHUTDOWN_GRACE_MS exits 1, whatever is still running;
 * - a signal before the app listens exits 0 at once: nothing is served yet.
 * Installed as early as possible by each entry point; later calls only replace the logger.
 */
export function handleShutdownSignals(logger: Logger): void {
  if (shutdown) {
    shutdown.logger = logger;
    return;
  }
  shutdown = { logger };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** From now on a signal closes `app` gracefully (`listen` calls it once the app listens). */
export function closeOnSignals(app: Pick<INestApplication, 'close'>): void {
  if (!shutdown) throw new Error('handleShutdownSignals(logger) must run first (createHttpApp does)');
  shutdown.app = app;
}

function onSignal(signal: NodeJS.Signals): void {
  const state = shutdown!;
  const { logger } = state;
  const now = Date.now();
  if (state.first) {
    if (now - state.first.at < REPEATED_SIGNAL_MS) {
      logger.debug({ signal }, `${signal} repeated within ${REPEATED_SIGNAL_MS} ms: the same request, already shutting down`);
      return;
    }
    logger.warn({ signal }, `${signal} again: exiting without finishing the shutdown`);
    process.exit(128 + constants.signals[signal]);
  }
  state.first = { signal, at: now };
  if (!state.app) {
    logger.info({ signal }, `${signal} during start-up: exiting`);
    process.exit(0);
  }
  logger.info({ signal }, `${signal}: shutting down`);
  // Not unref'd: it must fire even when whatever holds the shutdown keeps nothing else alive.
  setTimeout(() => {
    logger.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  state.app.close().then(
    () => {
      logger.info('stopped');
      process.exit(0);
    },
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}
