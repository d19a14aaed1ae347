import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, Logger, Metrics } from '@pds/observability';
import { GroupCommit } from '@pds/persistence';
import { SecretBox } from '@pds/secrets';
import { DISPATCHER_OPTIONS, WebhookDispatcherOptions } from '../common/dispatcher.options';
import { DueDeliveries } from '../deliveries/due-deliveries';
import { AttemptOutcome, ClaimedRow, WebhookDeliveryRepository } from '../deliveries/webhook-delivery.repository';
import { WebhookRepository } from '../subscriptions/webhook.repository';
import { send } from './http-sender';
import { nextDelayMs, parseRetryAfter } from './retry-schedule';
import { SigningKey, signatureHeaders, signingKey } from './signature';

/** Signing keys kept at most (one or two per subscription being delivered to). */
const SIGNING_KEYS_KEPT = 10_000;

/** A subscription whose attempts all failed for this long is disabled. */
export const AUTO_DISABLE_AFTER_MS = 5 * 24 * 3600_000;

/**
 * How long the first attempt outcome after a quiet spell waits for others before it is written. The
 * attempts of one event end within a few milliseconds of each other; without the wait the first of
 * them went alone into a statement and the rest into a second one. Nothing a subscriber sees waits
 * for it.
 */
const RECORD_LINGER_MS = 10;

/** Most attempt outcomes one statement records (attempt rows + delivery updates). */
const MAX_OUTCOMES_PER_STATEMENT = 500;

/**
 * Sends due deliveries. Rows are claimed with a lease (`FOR UPDATE SKIP LOCKED`), so replicas
 * share the work and a crashed worker's rows are due again when the lease ends. New deliveries
 * are claimed by the process that inserts them (see FanOutService); the claim query runs only when
 * there may be due rows nobody holds (notify, the poll for retries and other replicas' leftovers),
 * because under load a claim after every attempt costs PostgreSQL more than the attempts do.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private inFlight = 0;
  private pumping = false;
  private again = false;
  /** Whether due rows may be waiting unclaimed; cleared when a claim comes back short. */
  private backlog = true;
  /** Counts notify() calls, so a claim that raced with one does not clear the backlog. */
  private notifications = 0;
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private readonly attempts = new Set<Promise<void>>();
  private readonly signingKeyCache = new Map<string, SigningKey>();
  /** Outcomes are written in groups: one round trip per group instead of one per attempt. */
  private readonly recorder: GroupCommit<AttemptOutcome>;

  constructor(
    @Inject(WebhookDeliveryRepository) private readonly deliveries: WebhookDeliveryRepository,
    @Inject(WebhookRepository) private readonly subscriptions: WebhookRepository,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    @Inject(DISPATCHER_OPTIONS) private readonly options: WebhookDispatcherOptions,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(DueDeliveries) due: DueDeliveries,
  ) {
    this.recorder = new GroupCommit((outcomes) => deliveries.recordAttempts(outcomes), {
      maxGroup: MAX_OUTCOMES_PER_STATEMENT,
      lingerMs: RECORD_LINGER_MS,
    });
    due.onNotify(() => this.notify());
  }

  private removeGauge?: () => void;

  onApplicationBootstrap(): void {
    // Counted across organizations when Prometheus scrapes: the backlog every replica shares.
    this.removeGauge = this.metrics.webhookDeliveriesPending.add(async () => [[{}, await this.deliveries.countPending()]]);
    this.stopped = false;
    this.timer = setInterval(() => this.notify(), this.options.pollIntervalMs);
    this.timer.unref();
    this.notify();
  }

  async onApplicationShutdown(): Promise<void> {
    this.removeGauge?.();
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.attempts]);
  }

  /** There may be due deliveries nobody holds (DueDeliveries, the poll): claim them. */
  private notify(): void {
    this.notifications += 1;
    this.backlog = true;
    this.wake();
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'webhook worker could not claim deliveries; will retry'))
      .finally(() => {
        this.pumping = false;
      });
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped && this.backlog && this.inFlight < this.options.concurrency) {
        const limit = Math.min(100, this.options.concurrency - this.inFlight);
        const seen = this.notifications;
        const rows = await this.deliveries.claimDue(limit, this.options.leaseMs);
        for (const row of rows) this.start(row);
        if (rows.length < limit && seen === this.notifications) this.backlog = false;
      }
    } while (this.again && !this.stopped);
  }

  /** How many rows inserted now this process should claim at insert (see FanOutService). */
  capacity(): number {
    return this.stopped ? 0 : Math.max(0, this.options.concurrency - this.inFlight);
  }

  /** Attempts rows this process claimed when it inserted them: no claim query, no wait. */
  startClaimed(rows: readonly ClaimedRow[]): void {
    for (const row of rows) this.start(row);
  }

  private start(row: ClaimedRow): void {
    this.inFlight += 1;
    const attempt = this.attempt(row)
      .catch((error: unknown) => this.logger.error({ err: error, deliveryId: row.id }, 'webhook attempt could not be recorded'))
      .finally(() => {
        this.inFlight -= 1;
        this.attempts.delete(attempt);
        if (this.backlog && this.inFlight <= this.options.concurrency / 2) this.wake();
      });
    this.attempts.add(attempt);
  }

  private signingKeys(row: ClaimedRow): SigningKey[] {
    const keys = [this.keyOf(row.secret_encrypted)];
    if (row.previous_secret_encrypted && row.previous_secret_expires_at && new Date(row.previous_secret_expires_at).getTime() > Date.now()) {
      keys.push(this.keyOf(row.previous_secret_encrypted));
    }
    return keys;
  }

  /**
   * Decrypts and imports a stored secret once per ciphertext (a rotation stores a new one, so
   * nothing goes stale): every attempt to a subscription would otherwise repeat both.
   */
  private keyOf(sealed: string): SigningKey {
    let key = this.signingKeyCache.get(sealed);
    if (key === undefined) {
      key = signingKey(this.secrets.open(sealed));
      if (this.signingKeyCache.size >= SIGNING_KEYS_KEPT) this.signingKeyCache.clear();
      this.signingKeyCache.set(sealed, key);
    }
    return key;
  }

  private async attempt(row: ClaimedRow): Promise<void> {
    if (!row.active || row.body === null) {
      await this.deliveries.fail(row.organization_id, row.id, row.active ? 'the event body is no longer stored' : 'subscription is disabled');
      this.metrics.webhookDeliveriesFailed.inc();
      return;
    }
    const body = row.body;
    const headers = signatureHeaders(this.signingKeys(row), row.event_id, body);
    const attemptedAt = new Date();
    const result = await send(row.url, body, headers, this.options);
    const roundAttempts = row.round_attempts + 1;
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    const retryAfter = result.statusCode === 429 || result.statusCode === 503 ? parseRetryAfter(result.retryAfter) : null;
    const delay = ok || gone ? null : nextDelayMs(this.options.retryScheduleMs, roundAttempts, retryAfter);
    const status = ok ? 'DELIVERED' : delay === null ? 'FAILED' : 'PENDING';
    const outcome = ok ? 'success' : result.statusCode === null ? 'network_error' : 'http_error';
    this.metrics.webhookAttempts.inc({ outcome });
    this.metrics.webhookAttemptDuration.observe({ outcome }, result.latencyMs / 1000);
    if (status === 'FAILED') this.metrics.webhookDeliveriesFailed.inc();
    // Runs in the request's context when the attempt follows the event at once (its id is logged).
    this.logger.debug({ deliveryId: row.id, eventId: row.event_id, statusCode: result.statusCode, ms: result.latencyMs, status }, 'webhook attempt');
    await this.recorder.submit({
      organizationId: row.organization_id,
      deliveryId: row.id,
      status,
      statusCode: result.statusCode,
      latencyMs: result.latencyMs,
      error: result.error,
      responseBody: result.responseBody,
      attemptedAt,
      roundAttempts,
      delayMs: delay,
    });
    await this.recordHealth(row, ok, gone);
  }

  /** 410 disables at once; only failures for AUTO_DISABLE_AFTER_MS disable too; a success resets. */
  private async recordHealth(row: ClaimedRow, ok: boolean, gone: boolean): Promise<void> {
    if (ok) {
      if (row.failing_since) await this.subscriptions.clearFailing(row.organization_id, row.webhook_id);
      return;
    }
    if (gone) {
      await this.disable(row, 'the target answered 410 Gone');
      return;
    }
    if (!row.failing_since) {
      await this.subscriptions.markFailing(row.organization_id, row.webhook_id);
    } else if (Date.now() - new Date(row.failing_since).getTime() >= AUTO_DISABLE_AFTER_MS) {
      await this.disable(row, 'every delivery failed for 5 days');
    }
  }

  private async disable(row: ClaimedRow, reason: string): Promise<void> {
    await this.subscriptions.disable(row.organization_id, row.webhook_id, reason);
    this.logger.warn({ webhookId: row.webhook_id, reason }, 'webhook subscription disabled');
  }
}
