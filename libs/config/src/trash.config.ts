import { IsNumber, Max, Min } from 'class-validator';
import { IntSetting } from './common.config';

const DAY_MS = 86_400_000;

/** The trash's variables, read by every service that owns records that can be deleted. */
export class TrashConfig {
  /**
   * Days a deleted record can be restored before the purge removes it for good. Fractions are
   * allowed (0.0001 is about 9 s: tests of the retention).
   */
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'must be a number of days' })
  @Min(0.00001)
  @Max(3650)
  TRASH_RETENTION_DAYS: number = 30;

  /** Pause between two purges of the trash past the retention. */
  @IntSetting(1_000, DAY_MS)
  TRASH_PURGE_INTERVAL_MS: number = 3_600_000;
}

export function trashOptionsFrom(config: TrashConfig): { retentionMs: number; purgeIntervalMs: number; purgeBatch: number } {
  return { retentionMs: Math.round(config.TRASH_RETENTION_DAYS * DAY_MS), purgeIntervalMs: config.TRASH_PURGE_INTERVAL_MS, purgeBatch: 500 };
}
