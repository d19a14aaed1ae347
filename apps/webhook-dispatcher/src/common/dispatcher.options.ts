import { BooleanFlag, RetentionConfig, SecretSetting } from '@pds/config';
import { applyDecorators } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** Default retry delays, Svix's schedule: after attempt 1 at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE = '5s,5m,30m,2h,5h,10h,10h';

/** A whole number from `min` to `max`: the shape of every numeric WEBHOOK_* setting. */
const IntBetween = (min: number, max: number) => applyDecorators(IsInt(), Min(min), Max(max));

/** The WEBHOOK_* variables (and when the retention prunes run); read by the dispatcher's own main and by standalone. */
export class WebhookSettings extends RetentionConfig {
  /** base64 of 32 bytes, the AES-256-GCM key of the stored signing secrets. Unset: see resolveSecretKey. */
  @IsOptional()
  @IsString()
  @SecretSetting()
  WEBHOOK_SECRET_KEY: string | undefined = undefined;

  /** Lifts the SSRF block on private, loopback and metadata targets. Local runs and tests only. */
  @BooleanFlag()
  WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean = false;

  /** Delays before each retry, e.g. `1s,1s,2s` (the first attempt is always immediate). */
  @IsString()
  @Matches(/^\s*\d+(ms|s|m|h|d)(\s*,\s*\d+(ms|s|m|h|d))*\s*$/, { message: 'WEBHOOK_RETRY_SCHEDULE must be a comma list of durations such as 1s,5m,2h' })
  WEBHOOK_RETRY_SCHEDULE: string = DEFAULT_RETRY_SCHEDULE;

  /** Total time of one attempt. */
  @IntBetween(100, 60_000)
  WEBHOOK_TIMEOUT_MS: number = 15_000;

  @IntBetween(100, 60_000)
  WEBHOOK_CONNECT_TIMEOUT_MS: number = 5_000;

  /** Attempts one dispatcher process runs at the same time. */
  @IntBetween(1, 2000)
  WEBHOOK_CONCURRENCY: number = 200;

  /** How often a worker looks for due deliveries when nothing notified it. */
  @IntBetween(50, 60_000)
  WEBHOOK_POLL_INTERVAL_MS: number = 500;

  /** A claimed delivery whose attempt did not finish within this time is due again (crashed worker). */
  @IntBetween(1000, 3_600_000)
  WEBHOOK_LEASE_MS: number = 60_000;

  /** Days the event log (`GET /events`) keeps an event, and the delivery log a finished delivery. */
  @IntBetween(1, 3650)
  EVENT_RETENTION_DAYS: number = 30;
  /** Days the audit log keeps an entry; older ones are pruned in small batches. */
  @IntBetween(1, 36_500)
  AUDIT_RETENTION_DAYS: number = 400;
}

export interface WebhookDispatcherOptions {
  /** base64 of 32 bytes; undefined: a key generated once and kept in the webhooks schema. */
  secretKey?: string;
  allowPrivateTargets: boolean;
  /** Delays in ms before retry 1, 2, ...; its length + 1 is the number of attempts. */
  retryScheduleMs: number[];
  timeoutMs: number;
  connectTimeoutMs: number;
  concurrency: number;
  pollIntervalMs: number;
  leaseMs: number;
  eventRetentionDays: number;
  auditRetentionDays: number;
  /** Pause between two prunes of the event, delivery and audit logs. */
  pruneIntervalMs: number;
}

export const DISPATCHER_OPTIONS = Symbol('WEBHOOK_DISPATCHER_OPTIONS');

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `1s,5m,2h` → [1000, 300000, 7200000]. */
export function parseDurations(list: string): number[] {
  return list.split(',').map((part) => {
    const match = /^\s*(\d+)(ms|s|m|h|d)\s*$/.exec(part);
    if (!match) throw new Error(`not a duration: ${part}`);
    return Number(match[1]) * UNIT_MS[match[2]];
  });
}

export function dispatcherOptionsFrom(settings: WebhookSettings, secretKey = settings.WEBHOOK_SECRET_KEY): WebhookDispatcherOptions {
  return {
    secretKey,
    allowPrivateTargets: settings.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    retryScheduleMs: parseDurations(settings.WEBHOOK_RETRY_SCHEDULE),
    timeoutMs: settings.WEBHOOK_TIMEOUT_MS,
    connectTimeoutMs: settings.WEBHOOK_CONNECT_TIMEOUT_MS,
    auditRetentionDays: settings.AUDIT_RETENTION_DAYS,
    concurrency: settings.WEBHOOK_CONCURRENCY,
    pollIntervalMs: settings.WEBHOOK_POLL_INTERVAL_MS,
    leaseMs: settings.WEBHOOK_LEASE_MS,
    eventRetentionDays: settings.EVENT_RETENTION_DAYS,
    pruneIntervalMs: settings.RETENTION_PRUNE_INTERVAL_MS,
  };
}
