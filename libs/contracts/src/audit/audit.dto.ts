import { IsIn, IsISO8601, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
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

  @IsOptional()
  @IsISO8601({ strict: true })
  @MaxLength(40)
  since?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  @MaxLength(40)
  until?: string;
}

/** `GET /{collection}/{id}/history`: the house paging only. */
export class RecordHistoryQuery extends ListQuery {}
