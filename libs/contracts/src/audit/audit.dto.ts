import { IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { IsTimestamp } from '../common/decorators';
import { AuditVia, enumValues } from '../common/enums';
import { ListQuery } from '../common/pagination';
import { IsRecordRef } from '../common/requests';

/** `action` is lower-case words: `created`, `updated`, `status_changed`, `promoted`, … */
const ACTION_PATTERN = /^[a-z][a-z_]{0,63}$/;

/** Filters of `GET /audit-log`, on top of the house paging. */
export class AuditLogQuery extends ListQuery {
  @IsOptional()
  @IsUUID()
  actorId?: string;

  /** A record's uuid or human key (`WI-12`). */
  @IsOptional()
  @IsRecordRef()
  recordId?: string;

  @IsOptional()
  @IsString()
  @Matches(ACTION_PATTERN, { message: 'action must be lower-case letters and underscores, such as created or status_changed' })
  action?: string;

  @IsOptional()
  @IsIn(enumValues(AuditVia))
  via?: AuditVia;

  /** Entries at or after this time. */
  @IsOptional()
  @IsTimestamp()
  since?: string;

  /** Entries before this time. */
  @IsOptional()
  @IsTimestamp()
  until?: string;
}

/** `GET /{collection}/{id}/history`: the house paging only. */
export class RecordHistoryQuery extends ListQuery {}
