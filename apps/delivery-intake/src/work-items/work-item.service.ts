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
import { pageRequest, toPageJson } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { DeliveryTx } from '../common/delivery.prisma';
import { Prisma } from '../generated/delivery/client';
import { IntakeRepository } from '../intake/intake.repository';
import { stageForStatus } from '../intake/intake.stage';
import { toWorkItemResponse } from './work-item.mapper';
import { DiscoveryLinks, WorkItemReferences } from './work-item.references';
import { LockedWorkItem, WorkItemRepository } from './work-item.repository';
import type { WorkItemRow } from './work-item.sql';

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

function toDate(value: string | null | undefined): Date | null | undefined {
  return value === undefined || value === null ? value : new Date(`${value}T00:00:00Z`);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

@Injectable()
export class WorkItemService {
  constructor(
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(WorkItemReferences) private readonly references: WorkItemReferences,
    @Inject(IntakeRepository) private readonly intake: IntakeRepository,
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
    return this.outbox.transaction(async (tx, events) => {
      const created = toWorkItemResponse(await this.workItems.create(auth.organizationId, fields, tx));
      await events.emit(EventType.WorkItemCreated, auth.organizationId, created);
      if (within) await within(tx, created);
      return created;
    });
  }

  /**
   * Partial update. A stale `expectedUpdatedAt` is 409 with the current `updatedAt`; a body that
   * changes nothing returns the item untouched (no new `updatedAt`, no event).
   */
  async update(auth: AuthContext, ref: string, dto: UpdateWorkItemDto): Promise<WorkItemResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const current = await this.require(auth.organizationId, ref);
    const linksChange = DISCOVERY_FIELDS.some((field) => dto[field] !== undefined);
    const links: DiscoveryLinks | undefined = linksChange
      ? {
          opportunityId: dto.opportunityId !== undefined ? dto.opportunityId : current.opportunity_id,
          solutionId: dto.solutionId !== undefined ? dto.solutionId : current.solution_id,
          experimentId: dto.experimentId !== undefined ? dto.experimentId : current.experiment_id,
        }
      : undefined;
    const { linkedCkrId } = await this.references.check(auth.organizationId, dto, links, current.id);

    const reparents = Boolean(dto.parentId && dto.parentId !== current.parent_id);
    return this.outbox.transaction(async (tx, events) => {
      // The tree lock comes before the row lock: every move takes them in this order, so none waits
      // for another in a cycle (the new parent's foreign-key check locks that row too).
      if (reparents) await this.workItems.lockTree(auth.organizationId, tx);
      const locked = await this.workItems.lock(auth.organizationId, current.id, tx);
      if (!locked) throw new NotFoundError('Work item', ref);
      if (dto.expectedUpdatedAt !== undefined && Date.parse(dto.expectedUpdatedAt) !== locked.updatedAt.getTime()) {
        throw new ConflictError('The work item was changed since expectedUpdatedAt', {
          expectedUpdatedAt: dto.expectedUpdatedAt,
          updatedAt: locked.updatedAt.toISOString(),
        });
      }
      if (reparents) await this.assertNoCycle(auth.organizationId, current.id, dto.parentId as string, tx);
      const before = await this.workItems.findInTx(auth.organizationId, current.id, tx);
      const data = this.changes(dto, before, locked, linkedCkrId);
      if (Object.keys(data).length === 0) return toWorkItemResponse(before);

      data.updatedAt = new Date(Math.max(Date.now(), locked.updatedAt.getTime() + 1));
      await this.workItems.update(auth.organizationId, current.id, data, tx);
      const after = toWorkItemResponse(await this.workItems.findInTx(auth.organizationId, current.id, tx));
      await this.recordEvents(events, auth.organizationId, after, before.status as WorkItemStatus);
      if (after.status !== before.status) await this.intake.followWorkItem(auth.organizationId, after.id, stageForStatus(after.status), tx);
      return after;
    });
  }

  /** Checked again inside the write transaction, under the organization's tree lock. */
  private async assertNoCycle(organizationId: string, id: string, parentId: string, tx: DeliveryTx): Promise<void> {
    if ((await this.workItems.ancestorIds(organizationId, parentId, tx)).includes(id)) {
      throw new BadRequestError('Invalid body: parentId', { parentId: ['this parent would create a cycle'] });
    }
  }

  private changes(
    dto: UpdateWorkItemDto,
    before: WorkItemRow,
    locked: LockedWorkItem,
    linkedCkrId: string | null | undefined,
  ): Prisma.WorkItemUncheckedUpdateInput {
    const beforeResponse = toWorkItemResponse(before) as unknown as Record<string, unknown>;
    const data: Record<string, unknown> = {};
    for (const field of PLAIN_FIELDS) {
      const value = dto[field];
      if (value !== undefined && value !== beforeResponse[field]) data[field] = value;
    }
    if (dto.dueDate !== undefined && dto.dueDate !== before.due_date) data.dueDate = toDate(dto.dueDate);
    if (dto.mentionedUserIds !== undefined && !sameSet(dto.mentionedUserIds, locked.mentionedUserIds)) {
      data.mentionedUserIds = dto.mentionedUserIds;
    }
    if (dto.labelIds !== undefined && !sameSet(dto.labelIds, before.labels.map((l) => l.id))) data.labelIds = dto.labelIds;
    if (linkedCkrId !== undefined && linkedCkrId !== before.linked_ckr_id) data.linkedCkrId = linkedCkrId;
    return data as Prisma.WorkItemUncheckedUpdateInput;
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
