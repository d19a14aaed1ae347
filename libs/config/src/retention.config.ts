import { IntSetting } from './common.config';

const DAY_MS = 86_400_000;

/** When the retention prunes run: every outbox's, the event and delivery logs', the audit log's. */
export class RetentionConfig {
  /**
   * Pause between two runs of each prune (each also runs once soon after start). An hour keeps what
   * is past its retention from piling up for long; the query-plans run sets seconds, so that the
   * prunes run again over its seeded tables and their plans are judged.
   */
  @IntSetting(1_000, DAY_MS)
  RETENTION_PRUNE_INTERVAL_MS: number = 3_600_000;
}
