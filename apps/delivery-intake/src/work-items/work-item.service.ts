import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  BadRequestError,
  ConflictError,
  CreateWorkItemDto,
  EventType,
  ListWorkItemsQuery,
  NotFoundError,
  EncodedJson,
  Page,
  UpdateWorkItemDto,
  WORK_ITEM_KEY_PREFIX,
  WorkItemResponse,
  WorkItemStatus,
  ResolvedWorkItem,
  parseRecordRef,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { SqlExecutor, pageRequest, sqlOverPrisma, toPageJson } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { DeliveryTx } from '../common/delivery.prisma';
import { stageForStatus } from '../intake/intake.stage';
import { toWorkItemResponse } from './work-item.mapper';
import { DiscoveryLinks, WorkItemReferences } from './work-item.references';
import { WorkItemRepository } from './work-item.repository';
import type { LockedWorkItemRow, WorkItemRow } from './work-item.sql';

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

/** The column of a plain field: the schema maps every camelCase field to its snake_case name. */
const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

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
    return toWorkItemResponse(await this.require(auth.organizationId, ref));
  }

  /** The page as JSON: the gateway sends its items on without parsing them. */
  async list(auth: AuthContext, query: ListWorkItemsQuery): Promise<EncodedJson<Page<WorkItemResponse>>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query, 'number');
    const afterNumber = after ? Number(after.sortValue) : undefined;
    const rows = await this.workItems.list(auth.organizationId, query, Number.isInteger(afterNumber) ? afterNumber : undefined, limit + 1);
    return toPageJson(rows, limit, toWorkItemResponse, (row) => String(row.number));
  }

  /**
   * Which keys name work items of the organization (the repos context links artifacts by key).
   * Keys naming nothing, or another organization's item, are simply absent from the answer.
   */
  async resolveKeys(organizationId: string, keys: readonly string[]): Promise<ResolvedWorkItem[]> {
    const refs = [...new Set(keys)].map((key) => parseRecordRef(key, WORK_ITEM_KEY_PREFIX));
    const rows = await Promise.all(refs.map((ref) => (ref.kind === 'key' ? this.workItems.findByRef(organizationId, ref) : null)));
    return rows.flatMap((row) => {
      if (!row) return [];
      const item = toWorkItemResponse(row);
      return [{ id: item.id, key: item.key, status: item.status, updatedAt: item.updatedAt }];
    });
  }

  /** `within` runs in the creating transaction (intake conversion links the new item there). */
  async create(
    auth: AuthContext,
    dto: CreateWorkItemDto,
    within?: (tx: DeliveryTx, created: WorkItemResponse) => Promise<void>,
  ): Promise<WorkItemResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const links: DiscoveryLinks = {
      opportunityId: dto.opportunityId ?? null,
      solutionId: dto.solutionId ?? null,
      experimentId: dto.experimentId ?? null,
    };
    const { linkedCkrId } = await this.references.check(auth.organizationId, dto, links);
    const fields: Record<string, unknown> = {
      title: dto.title,
      type: dto.type,
      linked_ckr_id: linkedCkrId ?? null,
      mentioned_user_ids: dto.mentionedUserIds ?? [],
      label_ids: dto.labelIds ?? [],
      due_date: dto.dueDate ?? null,
    };
    for (const field of PLAIN_FIELDS) {
      if (dto[field] !== undefined) fields[columnOf(field)] = dto[field];
    }
    const insert = async (sql: SqlExecutor, events: OutboxEvents): Promise<WorkItemResponse> => {
      const created = toWorkItemResponse(await this.workItems.create(auth.organizationId, fields, sql));
      await events.emit(EventType.WorkItemCreated, auth.organizationId, created);
      return created;
    };
    if (!within) return this.outbox.sqlTransaction(insert);
    return this.outbox.transaction(async (tx, events) => {
      const created = await insert(sqlOverPrisma(tx), events);
      await within(tx, created);
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
            opportunityId: dto.opportunityId !== undefined ? dto.opportunityId : current.opportunity_id,
            solutionId: dto.solutionId !== undefined ? dto.solutionId : current.solution_id,
            experimentId: dto.experimentId !== undefined ? dto.experimentId : current.experiment_id,
          }
        : undefined;
    const { linkedCkrId } = await this.checkReferences(organizationId, ref, dto, links, current);

    const reparents = Boolean(current && dto.parentId && dto.parentId !== current.parent_id);
    return this.outbox.sqlTransaction(async (tx, events) => {
      // The tree lock comes before the row lock: every move takes them in this order, so none waits
      // for another in a cycle (the new parent's foreign-key check locks that row too).
      if (reparents) await this.workItems.lockTree(organizationId, tx);
      const before = await this.workItems.lockForUpdate(organizationId, current ? { kind: 'id', id: current.id } : parsed, tx);
      if (!before) throw new NotFoundError('Work item', ref);
      const beforeUpdatedAt = Date.parse(before.updated_at);
      if (dto.expectedUpdatedAt !== undefined && Date.parse(dto.expectedUpdatedAt) !== beforeUpdatedAt) {
        throw new ConflictError('The work item was changed since expectedUpdatedAt', {
          expectedUpdatedAt: dto.expectedUpdatedAt,
          updatedAt: before.updated_at,
        });
      }
      if (reparents) await this.assertNoCycle(organizationId, before.id, dto.parentId as string, tx);
      const changes = this.changes(dto, before, linkedCkrId);
      if (Object.keys(changes).length === 0) return toWorkItemResponse(before);

      changes.updated_at = new Date(Math.max(Date.now(), beforeUpdatedAt + 1)).toISOString();
      const status = changes.status as WorkItemStatus | undefined;
      const row = await this.workItems.applyUpdate(organizationId, before.id, changes, status && stageForStatus(status), tx);
      const after = toWorkItemResponse(row);
      await this.recordEvents(events, organizationId, after, before.status as WorkItemStatus);
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
    current: WorkItemRow | undefined,
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

  /** The columns the body changes (column name → new value), compared with the locked row. */
  private changes(dto: UpdateWorkItemDto, before: LockedWorkItemRow, linkedCkrId: string | null | undefined): Record<string, unknown> {
    const beforeResponse = toWorkItemResponse(before) as unknown as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    for (const field of PLAIN_FIELDS) {
      const value = dto[field];
      if (value !== undefined && value !== beforeResponse[field]) data[columnOf(field)] = value;
    }
    if (dto.dueDate !== undefined && dto.dueDate !== before.due_date) data.due_date = dto.dueDate;
    if (dto.mentionedUserIds !== undefined && !sameSet(dto.mentionedUserIds, before.mentioned_user_ids ?? [])) {
      data.mentioned_user_ids = dto.mentionedUserIds;
    }
    if (dto.labelIds !== undefined && !sameSet(dto.labelIds, before.labels.map((l) => l.id))) data.label_ids = dto.labelIds;
    if (linkedCkrId !== undefined && linkedCkrId !== before.linked_ckr_id) data.linked_ckr_id = linkedCkrId;
    return data;
  }

  private async recordEvents(events: OutboxEvents, organizationId: string, after: WorkItemResponse, previousStatus: WorkItemStatus): Promise<void> {
    await events.emit(EventType.WorkItemUpdated, organizationId, after);
    if (after.status !== previousStatus) {
      await events.emit(EventType.WorkItemStatusChanged, organizationId, { ...after, previousStatus });
    }
  }

  private async require(organizationId: string, ref: string): Promise<WorkItemRow> {
    const row = await this.workItems.findByRef(organizationId, parseRecordRef(ref, WORK_ITEM_KEY_PREFIX));
    if (!row) throw new NotFoundError('Work item', ref);
    return row;
  }
}
