import { IsOptional, IsUUID } from 'class-validator';
import { IsAnyOf, IsTimestamp } from '../common/decorators';
import { EventType } from '../common/events';
import { ListSort, SortableQuery } from '../common/sort';

/**
 * The log's one order, by creation: the position an event was stored at (its transaction, then its
 * sequence), oldest first by default; `-createdAt` reads it newest first. A cursor carries the
 * position as `tx/seq` text, not an instant: the position, not the clock, is what keeps a resumed
 * read from skipping an event that committed late.
 */
export const EVENT_SORT = new ListSort({ createdAt: 'text' }, 'createdAt');

/**
 * `GET /events`: the event log, oldest first unless `sort=-createdAt`. `after` resumes after an event
 * a consumer kept the id of, as a page's cursor resumes after its last event; the two are not given
 * together, and `after` (catching up) reads oldest first only.
 */
export class ListEventsQuery extends SortableQuery(EVENT_SORT) {
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
