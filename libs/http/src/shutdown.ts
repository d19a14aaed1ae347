import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';

/** Within Kubernetes' default 30 s termination grace period, with room to spare. */
const GRACE_MS = 25_000;

/**
 * SIGTERM and SIGINT close the app gracefully and exit 0: the HTTP server stops accepting and
 * finishes the requests in flight, message handlers stop taking work and finish theirs, then NATS
 * is drained and the database closed (Nest's close order). Nest's own shutdown hooks would re-raise
 * the signal and exit 143; a close that hangs past the grace period exits 1.
 */
export function closeOnSignals(app: INestApplication, logger: Logger): void {
  let closing = false;
  const close = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, `${signal}: shutting down`);
    const deadline = setTimeout(() => {
      logger.error({ graceMs: GRACE_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, GRACE_MS);
    deadline.unref();
    app.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}
