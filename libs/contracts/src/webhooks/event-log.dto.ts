import { IsOptional, IsUUID } from 'class-validator';
import { IsAnyOf, IsTimestamp } from '../common/decorators';
import { EventType } from '../common/events';
import { ListQuery } from '../common/pagination';

/**
 * `GET /events`: the event log, oldest first. `after` resumes after an event a consumer kept the id
 * of, as a page's cursor resumes after its last event; the two are not given together.
 */
export class ListEventsQuery extends ListQuery {
  /** Event types, repeated or comma-separated. */
  @IsAnyOf(EventType)
  type?: EventType[];

  /** Events created at or after this time. */
  @IsOptional()
  @IsTimestamp()
  since?: string;

  /** The id of the last event the consumer handled. */
  @IsOptional()
  @IsUUID('all')
  after?: string;
}
