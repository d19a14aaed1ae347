import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, Logger } from '@pds/observability';
import { pruneInBatches, schedulePrune } from '@pds/persistence';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { EventLogRepository } from './event-log.repository';

/**
 * EVENT_RETENTION_DAYS: every RETENTION_PRUNE_INTERVAL_MS (an hour), events older than the retention leave the event log, except
 * those a pending delivery still has to send (a retry or a redelivery must send the bytes it
 * always sent); finished deliveries older than the retention leave the delivery log with their
 * attempts. In batches (pruneInBatches), so no lock is held for long; every replica runs it, and
 * `SKIP LOCKED` keeps them off each other's rows.
 */
@Injectable()
export class EventRetention implements OnApplicationBootstrap, OnApplicationShutdown {
  private stop?: () => void;
  private stopping = false;

  constructor(
    @Inject(EventLogRepository) private readonly events: EventLogRepository,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.stop = schedulePrune(() => this.prune(), this.options.pruneIntervalMs, (error) => this.logger.warn({ err: error }, 'event retention could not prune; will retry'));
  }

  onApplicationShutdown(): void {
    this.stopping = true;
    this.stop?.();
  }

  /** One pass over both logs; answers what it removed. */
  async prune(): Promise<{ events: number; deliveries: number }> {
    const days = this.options.eventRetentionDays;
    const stopped = () => this.stopping;
    const deliveries = await pruneInBatches((limit) => this.events.pruneDeliveries(days, limit), { stopped });
    const events = await pruneInBatches((limit) => this.events.pruneEvents(days, limit), { stopped });
    if (events || deliveries) this.logger.info({ events, deliveries, days }, 'event retention pruned');
    return { events, deliveries };
  }
}
