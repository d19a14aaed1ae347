import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { AuditEntryRepository } from './audit-entry.repository';

const DAY_MS = 86_400_000;
/** Rows one DELETE removes: a few milliseconds of locks, however large the backlog. */
const BATCH = 1000;
/** Batches one run deletes at most before it yields until the next run. */
const MAX_BATCHES = 100;

/**
 * Removes audit entries older than AUDIT_RETENTION_DAYS, in batches of BATCH rows (each its own
 * short statement, rows locked with SKIP LOCKED so replicas share the work), every
 * RETENTION_PRUNE_INTERVAL_MS (an hour) and once at start.
 */
@Injectable()
export class AuditPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AuditPruner.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    @Inject(AuditEntryRepository) private readonly entries: AuditEntryRepository,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => {
      this.running = this.prune().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'audit log prune failed; will retry at the next run');
        return 0;
      });
    };
    this.timer = setInterval(run, this.options.pruneIntervalMs);
    this.timer.unref();
    setTimeout(run, 10_000).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One run: answers how many entries it removed. */
  async prune(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.options.auditRetentionDays * DAY_MS);
    let removed = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      const n = await this.entries.pruneBatch(before, BATCH);
      removed += n;
      if (n < BATCH) break;
    }
    return removed;
  }
}
