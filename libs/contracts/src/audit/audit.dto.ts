import { IsIn, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { IsTimestamp } from '../common/decorators';
import { AuditVia, enumValues } from '../common/enums';
import { ListSort, SortableQuery } from '../common/sort';
import { IsRecordRef } from '../common/requests';

/** `action` is lower-case words: `created`, `updated`, `status_changed`, `promoted`, … */
const ACTION_PATTERN = /^[a-z][a-z_]{0,63}$/;

/** The log and a record's history are ordered by the time of the change, newest first by default (one index per filter, read either way). */
export const AUDIT_SORT = new ListSort({ at: 'time' }, 'at', true);

/** Filters of `GET /audit-log`, on top of the house paging and `sort`. */
export class AuditLogQuery extends SortableQuery(AUDIT_SORT) {
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

/** `GET /{collection}/{id}/history`: the house paging and `sort`. */
export class RecordHistoryQuery extends SortableQuery(AUDIT_SORT) {}
