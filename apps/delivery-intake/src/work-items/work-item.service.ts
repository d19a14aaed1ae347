import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  ConflictError,
  CreateWorkItemDto,
  EventType,
  ListWorkItemsQuery,
  NotFoundError,
  Page,
  UpdateWorkItemDto,
  WORK_ITEM_KEY_PREFIX,
  WorkItemResponse,
  WorkItemStatus,
  parseRecordRef,
} from '@pds/contracts';
import { buildEnvelope, writeOutbox } from '@pds/messaging';
import { pageRequest, toPage } from '@pds/persistence';
import { DeliveryOutboxRelay } from '../common/delivery.outbox';
import { DELIVERY_SCHEMA } from '../common/delivery.prisma';
import { Prisma } from '../generated/delivery/client';
import { followWorkItemStatus } from '../intake/intake.stage';
import { toWorkItemResponse } from './work-item.mapper';
import { DiscoveryLinks, WorkItemReferences } from './work-item.references';
import { DeliveryTx, LockedWorkItem, WorkItemRepository } from './work-item.repository';
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
    @Inject(DeliveryOutboxRelay) private readonly outbox: DeliveryOutboxRelay,
  ) {}

  async get(auth: AuthContext, ref: string): Promise<WorkItemResponse> {
    assertCan(auth, Permission.Read);
    return toWorkItemResponse(await this.require(auth.organizationId, ref));
  }

  async list(auth: AuthContext, query: ListWorkItemsQuery): Promise<Page<WorkItemResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query, 'number');
    const afterNumber = after ? Number(after.sortValue) : undefined;
    const rows = await this.workItems.list(auth.organizationId, query, Number.isInteger(afterNumber) ? afterNumber : undefined, limit + 1);
    return toPage(rows, limit, toWorkItemResponse, (row) => String(row.number));
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
    const response = await this.workItems.transaction(async (tx) => {
      const created = toWorkItemResponse(await this.workItems.create(tx, auth.organizationId, fields));
      await writeOutbox(tx, DELIVERY_SCHEMA, [buildEnvelope(EventType.WorkItemCreated, auth.organizationId, created)]);
      if (within) await within(tx, created);
      return created;
    });
    this.outbox.notify();
    return response;
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

    let changed = false;
    const response = await this.workItems.transaction(async (tx) => {
      const locked = await this.workItems.lock(tx, auth.organizationId, current.id);
      if (!locked) throw new NotFoundError('Work item', ref);
      if (dto.expectedUpdatedAt !== undefined && Date.parse(dto.expectedUpdatedAt) !== locked.updatedAt.getTime()) {
        throw new ConflictError('The work item was changed since expectedUpdatedAt', {
          expectedUpdatedAt: dto.expectedUpdatedAt,
          updatedAt: locked.updatedAt.toISOString(),
        });
      }
      const before = await this.workItems.findInTx(tx, auth.organizationId, current.id);
      const data = this.changes(dto, before, locked, linkedCkrId);
      if (Object.keys(data).length === 0) return toWorkItemResponse(before);

      changed = true;
      data.updatedAt = new Date(Math.max(Date.now(), locked.updatedAt.getTime() + 1));
      await this.workItems.update(tx, current.id, data);
      const after = toWorkItemResponse(await this.workItems.findInTx(tx, auth.organizationId, current.id));
      await this.recordEvents(tx, auth.organizationId, after, before.status as WorkItemStatus);
      if (after.status !== before.status) await followWorkItemStatus(tx, after.id, after.status);
      return after;
    });
    if (changed) this.outbox.notify();
    return response;
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

  private async recordEvents(tx: DeliveryTx, organizationId: string, after: WorkItemResponse, previousStatus: WorkItemStatus): Promise<void> {
    const events = [buildEnvelope(EventType.WorkItemUpdated, organizationId, after)];
    if (after.status !== previousStatus) {
      events.push(buildEnvelope(EventType.WorkItemStatusChanged, organizationId, { ...after, previousStatus }));
    }
    await writeOutbox(tx, DELIVERY_SCHEMA, events);
  }

  private async require(organizationId: string, ref: string): Promise<WorkItemRow> {
    const row = await this.workItems.findByRef(organizationId, parseRecordRef(ref, WORK_ITEM_KEY_PREFIX));
    if (!row) throw new NotFoundError('Work item', ref);
    return row;
  }
}
