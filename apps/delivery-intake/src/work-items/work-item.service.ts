import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  BadRequestError,
  ConflictError,
  AuditChanges,
  CreateWorkItemDto,
  changesOf,
  EventType,
  ListWorkItemsQuery,
  NotFoundError,
  EncodedJson,
  Page,
  RankedSearchQuery,
  RankedSearchReply,
  UpdateWorkItemDto,
  WORK_ITEM_KEY_PREFIX,
  formatKey,
  WORK_ITEM_SORT,
  WorkItemResponse,
  WorkItemSortField,
  WorkItemStatus,
  ResolvedWorkItem,
  assertNotArchived,
  parseRecordRef,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { SqlExecutor, encodePage, normalizeSearch, readSortedPage, requireByRef, searchSnippet, sqlOverPrisma } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { DeliveryTx } from '../common/delivery.prisma';
import { stageForStatus } from './intake-stage';
import { WorkItemReferences } from './work-item.references';
import { DiscoveryLinks, LockedWorkItem, WorkItemFields, WorkItemRepository } from './work-item.repository';

const DISCOVERY_FIELDS = ['opportunityId', 'solutionId', 'experimentId'] as const;

/** Fields stored as given; the rest (dates, labels, mentions) need conversion. */
const PLAIN_FIELDS = [
  'title',
  'description',
  'type',
  'priority',
  'status',
  'adHoc',
  'estimate',
  'storyPoints',
  'parentId',
  'sprintId',
  'assigneeId',
  'reporterId',
  'reporterSource',
  'productManagerId',
  'experimentKind',
  'ckrId',
  'experimentId',
  'opportunityId',
  'solutionId',
  'maintenanceCategory',
  'discipline',
] as const;

/** The number of a key (`WI-42` → `42`), the list's cursor position. */
const keyNumberOf = (item: WorkItemResponse) => Number(item.key.slice(WORK_ITEM_KEY_PREFIX.length + 1));
const sortValueOf = (item: WorkItemResponse, field: WorkItemSortField): string | number => (field === 'key' ? keyNumberOf(item) : item[field]);

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

@Injectable()
export class WorkItemService {
  constructor(
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(WorkItemReferences) private readonly references: WorkItemReferences,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<WorkItemResponse> {
    assertCan(auth, Permission.Read);
    return this.require(auth.organizationId, ref);
  }

  /** The page as JSON: the gateway sends its items on without parsing them. */
  async list(auth: AuthContext, query: ListWorkItemsQuery): Promise<EncodedJson<Page<WorkItemResponse>>> {
    return encodePage(await this.page(auth, query));
  }

  /** Ranked search of items and their comments (GET /search, MCP `search`); a comment's hit is its item. */
  async search(auth: AuthContext, query: RankedSearchQuery): Promise<RankedSearchReply<'work_item'>> {
    assertCan(auth, Permission.Read);
    const search = normalizeSearch(query.q);
    const after = query.afterScore !== undefined && query.afterId ? { score: query.afterScore, id: query.afterId } : undefined;
    const rows = await this.workItems.search(auth.organizationId, search, query.limit, after);
    return {
      total: rows.length ? Number(rows[0].total) : 0,
      items: rows.map((row) => ({
        id: row.id,
        key: formatKey(WORK_ITEM_KEY_PREFIX, row.number),
        type: 'work_item' as const,
        title: row.title,
        status: row.status,
        snippet: searchSnippet(row.comment ?? row.description, search),
        score: Number(row.score),
      })),
    };
  }

  /** The page of `list`, as objects, for a reader that adds to it. */
  page(auth: AuthContext, query: ListWorkItemsQuery): Promise<Page<WorkItemResponse>> {
    assertCan(auth, Permission.Read);
    return readSortedPage(query, WORK_ITEM_SORT, (order, take) => this.workItems.list(auth.organizationId, query, order, take), (item) => item, sortValueOf);
  }

  /**
   * Which keys name work items of the organization (the repos context links artifacts by key).
   * Keys naming nothing, or another organization's item, are simply absent from the answer.
   */
  async resolveKeys(organizationId: string, keys: readonly string[]): Promise<ResolvedWorkItem[]> {
    const refs = [...new Set(keys)].map((key) => parseRecordRef(key, WORK_ITEM_KEY_PREFIX));
    const items = await Promise.all(refs.map((ref) => (ref.kind === 'key' ? this.workItems.findByRef(organizationId, ref) : null)));
    return items.flatMap((item) => (item ? [{ id: item.id, key: item.key, status: item.status, updatedAt: item.updatedAt, archivedAt: item.archivedAt }] : []));
  }

  /** `within` runs in the creating transaction (intake conversion links the new item there). */
  async create(
    auth: AuthContext,
    dto: CreateWorkItemDto,
    within?: (tx: DeliveryTx, created: WorkItemResponse, events: OutboxEvents) => Promise<void>,
  ): Promise<WorkItemResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const links: DiscoveryLinks = {
      opportunityId: dto.opportunityId ?? null,
      solutionId: dto.solutionId ?? null,
      experimentId: dto.experimentId ?? null,
    };
    const { linkedCkrId } = await this.references.check(auth.organizationId, dto, links);
    const fields: WorkItemFields = {
      title: dto.title,
      type: dto.type,
      linkedCkrId: linkedCkrId ?? null,
      mentionedUserIds: dto.mentionedUserIds ?? [],
      labelIds: dto.labelIds ?? [],
      dueDate: dto.dueDate ?? null,
    };
    for (const field of PLAIN_FIELDS) {
      if (dto[field] !== undefined) (fields as Record<string, unknown>)[field] = dto[field];
    }
    const insert = async (sql: SqlExecutor, events: OutboxEvents): Promise<WorkItemResponse> => {
      const created = await this.workItems.create(auth.organizationId, fields, sql);
      await events.emit(EventType.WorkItemCreated, auth.organizationId, created);
      events.audit(auth, { action: 'created', record: { type: 'work_item', id: created.id, key: created.key } });
      return created;
    };
    if (!within) return this.outbox.sqlTransaction(insert);
    return this.outbox.transaction(async (tx, events) => {
      const created = await insert(sqlOverPrisma(tx), events);
      await within(tx, created, events);
      return created;
    });
  }

  /**
   * Partial update. A stale `expectedUpdatedAt` is 409 with the current `updatedAt`; a body that
   * changes nothing returns the item untouched (no new `updatedAt`, no event).
   */
  async update(auth: AuthContext, ref: string, dto: UpdateWorkItemDto): Promise<WorkItemResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const organizationId = auth.organizationId;
    const parsed = parseRecordRef(ref, WORK_ITEM_KEY_PREFIX);
    if (parsed.kind === 'invalid') throw new NotFoundError('Work item', ref);
    const linksChange = DISCOVERY_FIELDS.some((field) => dto[field] !== undefined);
    // Only the discovery links and a new parent need the item before the transaction (the OKR the
    // links reach, the parent's cycle check); otherwise the locking read inside it is the only read.
    const current = linksChange || dto.parentId ? await this.require(organizationId, ref) : undefined;
    const links: DiscoveryLinks | undefined =
      linksChange && current
        ? {
            opportunityId: dto.opportunityId !== undefined ? dto.opportunityId : current.opportunityId,
            solutionId: dto.solutionId !== undefined ? dto.solutionId : current.solutionId,
            experimentId: dto.experimentId !== undefined ? dto.experimentId : current.experimentId,
          }
        : undefined;
    const { linkedCkrId } = await this.checkReferences(organizationId, ref, dto, links, current);

    const reparents = Boolean(current && dto.parentId && dto.parentId !== current.parentId);
    return this.outbox.sqlTransaction(async (tx, events) => {
      // The tree lock comes before the row lock: every move takes them in this order, so none waits
      // for another in a cycle (the new parent's foreign-key check locks that row too).
      if (reparents) await this.workItems.lockTree(organizationId, tx);
      const locked = await this.workItems.lock(organizationId, current ? { kind: 'id', id: current.id } : parsed, tx);
      if (!locked) throw new NotFoundError('Work item', ref);
      const before = locked.item;
      assertNotArchived('Work item', before.key, before.archivedAt);
      const beforeUpdatedAt = Date.parse(before.updatedAt);
      if (dto.expectedUpdatedAt !== undefined && Date.parse(dto.expectedUpdatedAt) !== beforeUpdatedAt) {
        throw new ConflictError('The work item was changed since expectedUpdatedAt', {
          expectedUpdatedAt: dto.expectedUpdatedAt,
          updatedAt: before.updatedAt,
        });
      }
      if (reparents) await this.assertNoCycle(organizationId, before.id, dto.parentId as string, tx);
      const changes = this.changes(dto, locked, linkedCkrId);
      if (Object.keys(changes).length === 0) return before;

      changes.updatedAt = new Date(Math.max(Date.now(), beforeUpdatedAt + 1)).toISOString();
      const after = await this.workItems.apply(organizationId, before.id, changes, tx, changes.status && stageForStatus(changes.status));
      await this.recordEvents(events, organizationId, after, before.status);
      events.audit(auth, { action: 'updated', record: { type: 'work_item', id: after.id, key: after.key }, changes: auditChanges(locked, changes) });
      return after;
    });
  }

  /**
   * Idempotent: archiving an archived item answers it unchanged (so does unarchiving a live one).
   * A change otherwise, so `updatedAt` moves and work_item.updated goes out with `archivedAt`.
   */
  archive(auth: AuthContext, ref: string): Promise<WorkItemResponse> {
    return this.setArchived(auth, ref, true);
  }

  unarchive(auth: AuthContext, ref: string): Promise<WorkItemResponse> {
    return this.setArchived(auth, ref, false);
  }

  private setArchived(auth: AuthContext, ref: string, archived: boolean): Promise<WorkItemResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const parsed = parseRecordRef(ref, WORK_ITEM_KEY_PREFIX);
    if (parsed.kind === 'invalid') throw new NotFoundError('Work item', ref);
    return this.outbox.sqlTransaction(async (tx, events) => {
      const locked = await this.workItems.lock(auth.organizationId, parsed, tx);
      if (!locked) throw new NotFoundError('Work item', ref);
      const before = locked.item;
      if ((before.archivedAt !== null) === archived) return before;
      const now = new Date(Math.max(Date.now(), Date.parse(before.updatedAt) + 1)).toISOString();
      const after = await this.workItems.apply(auth.organizationId, before.id, { archivedAt: archived ? now : null, updatedAt: now }, tx);
      await events.emit(EventType.WorkItemUpdated, auth.organizationId, after);
      events.audit(auth, { action: archived ? 'archived' : 'unarchived', record: { type: 'work_item', id: after.id, key: after.key } });
      return after;
    });
  }

  /**
   * references.check, answering 404 rather than 400 for an item that does not exist when the item
   * was not read before (as it would have been had it been read first).
   */
  private async checkReferences(
    organizationId: string,
    ref: string,
    dto: UpdateWorkItemDto,
    links: DiscoveryLinks | undefined,
    current: WorkItemResponse | undefined,
  ): Promise<{ linkedCkrId: string | null | undefined }> {
    try {
      return await this.references.check(organizationId, dto, links, current?.id);
    } catch (error) {
      if (!current && error instanceof BadRequestError) await this.require(organizationId, ref);
      throw error;
    }
  }

  /** Checked again inside the write transaction, under the organization's tree lock. */
  private async assertNoCycle(organizationId: string, id: string, parentId: string, tx: SqlExecutor): Promise<void> {
    if ((await this.workItems.ancestorIds(organizationId, parentId, tx)).includes(id)) {
      throw new BadRequestError('Invalid body: parentId', { parentId: ['this parent would create a cycle'] });
    }
  }

  /** The fields the body changes, compared with the locked item. */
  private changes(dto: UpdateWorkItemDto, before: LockedWorkItem, linkedCkrId: string | null | undefined): WorkItemFields {
    const item = before.item as unknown as Record<string, unknown>;
    const changes: WorkItemFields = {};
    for (const field of PLAIN_FIELDS) {
      const value = dto[field];
      if (value !== undefined && value !== item[field]) (changes as Record<string, unknown>)[field] = value;
    }
    if (dto.dueDate !== undefined && dto.dueDate !== before.item.dueDate) changes.dueDate = dto.dueDate;
    if (dto.mentionedUserIds !== undefined && !sameSet(dto.mentionedUserIds, before.mentionedUserIds)) {
      changes.mentionedUserIds = dto.mentionedUserIds;
    }
    if (dto.labelIds !== undefined && !sameSet(dto.labelIds, before.item.labels.map((l) => l.id))) changes.labelIds = dto.labelIds;
    if (linkedCkrId !== undefined && linkedCkrId !== before.linkedCkrId) changes.linkedCkrId = linkedCkrId;
    return changes;
  }

  private async recordEvents(events: OutboxEvents, organizationId: string, after: WorkItemResponse, previousStatus: WorkItemStatus): Promise<void> {
    await events.emit(EventType.WorkItemUpdated, organizationId, after);
    if (after.status !== previousStatus) {
      await events.emit(EventType.WorkItemStatusChanged, organizationId, { ...after, previousStatus });
    }
  }

  private require(organizationId: string, ref: string): Promise<WorkItemResponse> {
    return requireByRef('Work item', ref, WORK_ITEM_KEY_PREFIX, (valid) => this.workItems.findByRef(organizationId, valid));
  }
}

/** What an update changed, for the audit log: the fields written, from the locked item's values. */
function auditChanges(before: LockedWorkItem, changes: WorkItemFields): AuditChanges | null {
  const item = before.item as unknown as Record<string, unknown>;
  const from: Record<string, unknown> = { ...item, labelIds: before.item.labels.map((label) => label.id) };
  from.mentionedUserIds = before.mentionedUserIds;
  from.linkedCkrId = before.linkedCkrId;
  const fields = Object.keys(changes).filter((field) => field !== 'updatedAt');
  return changesOf(from, changes as Record<string, unknown>, fields);
}
