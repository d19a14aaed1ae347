import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AutoArchiveRunResponse, EventType, IdentitySubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { LOGGER, Logger } from '@pds/observability';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { WorkItemRepository } from './work-item.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Items archived per transaction: each batch commits on its own, so no lock is held for long. */
const BATCH = 200;
/** Closed items are archived in days, so an hourly run is soon enough; the first comes a minute after start. */
const INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RUN_MS = 60 * 1000;

/**
 * Archives the work items of every organization with `autoArchiveDays` set (identity owns the
 * setting; it is asked once per run) that have been DONE or CANCELLED and unchanged for that many
 * days. Each item archived is a change like any other: `updatedAt` moves and work_item.updated
 * goes out with `archivedAt`. Replicas may run at once: a row one of them holds is skipped by the
 * others. The operator runs it now through `POST /operator/auto-archive`.
 */
@Injectable()
export class AutoArchiveJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const tick = () => {
      this.running ??= this.run()
        .catch((err: unknown) => this.logger.warn({ err }, 'auto-archive run failed; the next one retries'))
        .finally(() => (this.running = undefined));
    };
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, INTERVAL_MS);
      this.timer.unref();
    }, FIRST_RUN_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    clearInterval(this.timer);
    await this.running;
  }

  /** One run, as if at `asOf` (now by default). */
  async run(asOf: Date = new Date()): Promise<AutoArchiveRunResponse> {
    const { organizations } = await this.bus.request(IdentitySubjects.autoArchiveSettings, {});
    let archived = 0;
    for (const { organizationId, autoArchiveDays } of organizations) {
      const closedBefore = new Date(asOf.getTime() - autoArchiveDays * DAY_MS);
      for (let batch = BATCH; batch === BATCH; ) {
        batch = await this.outbox.sqlTransaction(async (tx, events) => {
          const items = await this.workItems.archiveClosed(organizationId, closedBefore, BATCH, tx);
          for (const item of items) {
            await events.emit(EventType.WorkItemUpdated, organizationId, item);
            events.audit({ organizationId, actor: 'SYSTEM', via: 'SYSTEM' }, { action: 'archived', record: { type: 'work_item', id: item.id, key: item.key } });
          }
          return items.length;
        });
        archived += batch;
      }
    }
    if (archived > 0) this.logger.info({ archived, organizations: organizations.length }, 'auto-archive run');
    return { organizations: organizations.length, archived };
  }
}
