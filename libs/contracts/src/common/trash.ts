import { IsIn } from 'class-validator';
import type { RecordKind } from './record-kinds';
import { IdRequest, QueryRequest } from './requests';
import { Field } from './schema';
import { ListSort, SortableQuery } from './sort';

/** The kinds `DELETE /{collection}/{id}` sends to the trash, by the context that owns them. */
export const STRATEGY_TRASH_KINDS = Object.freeze([
  'annual_goal',
  'product_goal',
  'planning_cycle',
  'ckr',
  'opportunity',
  'solution',
  'experiment',
  'interview',
  'insight',
] as const satisfies readonly RecordKind[]);
export const DELIVERY_TRASH_KINDS = Object.freeze(['work_item', 'sprint', 'label', 'team', 'intake', 'changelog'] as const satisfies readonly RecordKind[]);
export type StrategyTrashKind = (typeof STRATEGY_TRASH_KINDS)[number];
export type DeliveryTrashKind = (typeof DELIVERY_TRASH_KINDS)[number];
export type TrashKind = StrategyTrashKind | DeliveryTrashKind;
export const TRASH_KINDS: readonly TrashKind[] = Object.freeze([...STRATEGY_TRASH_KINDS, ...DELIVERY_TRASH_KINDS]);

/** The answer of `DELETE /{collection}/{id}`: what went to the trash, and until when it can come back. */
export class DeletedRecordResponse {
  @Field.uuid() id!: string;
  @Field.string({ nullable: true, description: 'The human key (`WI-42`) of the kinds that have one; null otherwise' }) key!: string | null;
  @Field.timestamp() deletedAt!: string;
  @Field.timestamp({ description: 'After this moment the record is purged for good and can no longer be restored' }) restorableUntil!: string;
}

/** One record in the trash (`GET /trash`, and the answer of a restore). */
export class TrashEntryResponse {
  @Field.uuid() id!: string;
  @Field.string({ nullable: true, description: 'The human key of the kinds that have one; null otherwise' }) key!: string | null;
  @Field.enum(TRASH_KINDS, { description: 'The record kind, as event types name it' }) type!: TrashKind;
  @Field.string({ description: "The record's title (name for labels, teams, sprints and planning cycles)" }) title!: string;
  @Field.timestamp() deletedAt!: string;
  @Field.uuid({ nullable: true, description: 'The user who deleted it' }) deletedBy!: string | null;
  @Field.timestamp() restorableUntil!: string;
}

/** A record to delete: its kind (from the route) and the path's uuid or key. */
export class DeleteRecordRequest extends IdRequest {
  @IsIn(TRASH_KINDS as TrashKind[])
  type!: TrashKind;
}

/** The trash is ordered by deletion (each table's partial index of deleted rows), newest first by default. */
export const TRASH_SORT = new ListSort({ deletedAt: 'time' }, 'deletedAt', true);

/** `GET /trash`: `limit`, `cursor` and `sort`; the cursor is the gateway's (one order across contexts). */
export class ListTrashQuery extends SortableQuery(TRASH_SORT) {}
export class ListTrashRequest extends QueryRequest(ListTrashQuery) {}

/** A record in the trash to bring back, by uuid or key. */
export class RestoreRecordRequest extends IdRequest {}

/** Data of `record.deleted` and `record.restored`. */
export class RecordLifecycleData {
  @Field.enum(TRASH_KINDS) type!: TrashKind;
  @Field.uuid() id!: string;
  @Field.string({ nullable: true }) key!: string | null;
  @Field.string() title!: string;
}
