import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  BadRequestError,
  DEFAULT_PAGE_SIZE,
  EVENT_TYPES,
  EncodedJson,
  ListEventsQuery,
  Page,
  WebhookEventEnvelope,
  decodeCursor,
  encodeCursor,
  pageJson,
} from '@pds/contracts';
import { EventLogRepository, EventPosition } from './event-log.repository';

const SEQUENCE_ORDER = 'sequence';

/**
 * `GET /events`: the contract events of the organization, oldest first, as webhooks deliver them
 * (the stored bodies are the items, byte for byte). A page's cursor and `after=<event id>` both
 * resume after an event; see EventLogRepository for why resuming never skips one.
 */
@Injectable()
export class EventLogService {
  constructor(@Inject(EventLogRepository) private readonly events: EventLogRepository) {}

  async list(auth: AuthContext, query: ListEventsQuery): Promise<EncodedJson<Page<WebhookEventEnvelope>>> {
    assertCan(auth, Permission.WebhooksManage);
    const types = query.type?.length ? query.type : EVENT_TYPES;
    const after = await this.start(auth.organizationId, query);
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const rows = await this.events.list(auth.organizationId, { types, since: query.since }, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > limit && last ? encodeCursor({ sortValue: `${last.tx}/${last.seq}`, id: last.id }) : null;
    return new EncodedJson(pageJson<WebhookEventEnvelope>(`[${page.map((row) => row.body).join(',')}]`, nextCursor));
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
