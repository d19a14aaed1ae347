import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  BadRequestError,
  DEFAULT_PAGE_SIZE,
  EVENT_SORT,
  EVENT_TYPES,
  EncodedJson,
  ListEventsQuery,
  Page,
  WebhookEventEnvelope,
  SortKey,
  decodeCursor,
  decodeSortedCursor,
  encodeCursor,
  encodeSortedCursor,
  pageJson,
} from '@pds/contracts';
import { EventLogRepository, EventPosition } from './event-log.repository';

const SEQUENCE_ORDER = 'sequence';
const POSITION_RE = /^\d{1,19}\/\d{1,19}$/;

const positionText = (position: EventPosition): string => `${position.tx}/${position.seq}`;

/**
 * `GET /events`: the contract events of the organization, oldest first (or newest first with
 * `sort=-createdAt`), as webhooks deliver them (the stored bodies are the items, byte for byte).
 * A page's cursor and `after=<event id>` both resume after an event; see EventLogRepository for why
 * resuming never skips one. The default order keeps its plain cursors; newest first has sorted ones.
 */
@Injectable()
export class EventLogService {
  constructor(@Inject(EventLogRepository) private readonly events: EventLogRepository) {}

  async list(auth: AuthContext, query: ListEventsQuery): Promise<EncodedJson<Page<WebhookEventEnvelope>>> {
    assertCan(auth, Permission.WebhooksManage);
    const types = query.type?.length ? query.type : EVENT_TYPES;
    const keys = EVENT_SORT.keys(query.sort);
    const descending = keys[0].descending;
    if (descending && query.after) {
      throw new BadRequestError('after works with sort=createdAt only: it catches up oldest first from an event', {
        after: ['after works with sort=createdAt only'],
      });
    }
    const after = descending ? this.sortedStart(query.cursor, keys) : await this.start(auth.organizationId, query);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.events.list(auth.organizationId, { types, since: query.since }, { after, descending }, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    let nextCursor: string | null = null;
    if (rows.length > limit && last) {
      nextCursor = descending
        ? encodeSortedCursor(keys, { values: [positionText(last)], id: last.id })
        : encodeCursor({ sortValue: positionText(last), id: last.id });
    }
    return new EncodedJson(pageJson<WebhookEventEnvelope>(`[${page.map((row) => row.body).join(',')}]`, nextCursor));
  }

  /** Where a newest-first page starts: before the position its cursor (of this sort only) carries, or at the newest event. */
  private sortedStart(cursor: string | undefined, keys: SortKey[]): EventPosition | undefined {
    if (!cursor) return undefined;
    const text = String(decodeSortedCursor(cursor, EVENT_SORT, keys).values[0]);
    if (!POSITION_RE.test(text)) throw new BadRequestError('cursor is not a cursor this API issued for this sort', { cursor: ['invalid cursor for this sort'] });
    const [tx, seq] = text.split('/');
    return { tx, seq };
  }

  /**
   * Where the page starts: after the cursor's position, after the event `after` names, or at the
   * oldest event. A cursor wins over `after`: the next page's link keeps the query it came from.
   */
  private async start(organizationId: string, query: ListEventsQuery): Promise<EventPosition | undefined> {
    if (query.cursor) {
      const [tx, seq] = decodeCursor(query.cursor, SEQUENCE_ORDER).sortValue.split('/');
      return { tx, seq };
    }
    if (!query.after) return undefined;
    const position = await this.events.position(organizationId, query.after, EVENT_TYPES);
    if (!position) {
      throw new BadRequestError('after names no event of this organization; events older than the retention are gone, resume with since', {
        after: ['unknown event id'],
      });
    }
    return position;
  }
}
