import type { Page } from './common/pagination';
import { LocateRecordRequest } from './common/requests';
import { defineGatheredSubject } from './common/subject';
import type { ListTrashRequest, RestoreRecordRequest, TrashEntryResponse } from './common/trash';
import { LocatedDeliveryRecord } from './delivery/delivery.subjects';
import { LocatedStrategyRecord } from './strategy/strategy.subjects';

/** A record found by its uuid in whichever context owns it, with its kind (RECORD_KINDS' names). */
export type LocatedRecord = LocatedStrategyRecord | LocatedDeliveryRecord;

/** Subjects every context that owns a share of the answer serves (`bus.gather`). */
export const GatheredSubjects = Object.freeze({
  /**
   * Which record a uuid names (the MCP tools' refs): each context answers the record of its own it
   * names, or null (ids are random uuids: at most one hit).
   */
  locateRecord: defineGatheredSubject<LocateRecordRequest, LocatedRecord | null>('records.locate', ['strategy-discovery', 'delivery-intake']),
  /**
   * A page of each context's trash, newest first after the query's cursor; the gateway merges the
   * pages by (deletedAt, id) and cuts its own cursor.
   */
  trashList: defineGatheredSubject<ListTrashRequest, Page<TrashEntryResponse>>('records.trash.list', ['strategy-discovery', 'delivery-intake']),
  /** Brings a record back from the trash: the owning context answers its entry, the others null. */
  trashRestore: defineGatheredSubject<RestoreRecordRequest, TrashEntryResponse | null>('records.trash.restore', ['strategy-discovery', 'delivery-intake']),
});
