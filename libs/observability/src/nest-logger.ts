import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'pino';

/** Routes Nest's own log calls (bootstrap, routes) into the same pino stream as ours. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  /** Nest's own `log` is start-up chatter (modules, mapped routes): debug, so info keeps one line per app. */
  log(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
