import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AddWorkItemRelationDto,
  AuthContext,
  BadRequestError,
  ConflictError,
  NotFoundError,
  RelatedWorkItem,
  UnknownReferenceError,
  WORK_ITEM_KEY_PREFIX,
  WorkItemRelationType,
  WorkItemRelationsResponse,
  WorkItemResponse,
  WorkItemStatus,
  formatKey,
  isUuid,
  assertNotArchived,
} from '@pds/contracts';
import { requireByRef } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { WorkItemRepository } from '../work-items/work-item.repository';
import { RelationRepository, RelationViewRow, StoredEdge } from './relation.repository';

/**
 * The one stored edge behind a link type given from the item `self` to `other`. `blocked_by` and
 * `duplicated_by` are the reverse of `blocks` and `duplicates`; `relates_to` is symmetric, so its
 * edge is stored with the smaller id first and "A relates to B" equals "B relates to A".
 */
export function edgeFor(type: WorkItemRelationType, self: string, other: string): StoredEdge {
  switch (type) {
    case WorkItemRelationType.blocks:
      return { type: 'BLOCKS', sourceId: self, targetId: other };
    case WorkItemRelationType.blocked_by:
      return { type: 'BLOCKS', sourceId: other, targetId: self };
    case WorkItemRelationType.duplicates:
      return { type: 'DUPLICATES', sourceId: self, targetId: other };
    case WorkItemRelationType.duplicated_by:
      return { type: 'DUPLICATES', sourceId: other, targetId: self };
    default:
      return self < other ? { type: 'RELATES_TO', sourceId: self, targetId: other } : { type: 'RELATES_TO', sourceId: other, targetId: self };
  }
}

function toRelated(row: RelationViewRow): RelatedWorkItem {
  return {
    relationId: row.relation_id,
    id: row.id,
    key: formatKey(WORK_ITEM_KEY_PREFIX, row.number),
    title: row.title,
    status: row.status as WorkItemStatus,
    assigneeId: row.assignee_id,
  };
}

export function toRelationsResponse(rows: RelationViewRow[]): WorkItemRelationsResponse {
  const response: WorkItemRelationsResponse = { blocks: [], blockedBy: [], relatesTo: [], duplicates: [], duplicatedBy: [] };
  for (const row of rows) {
    const view =
      row.type === 'RELATES_TO'
        ? response.relatesTo
        : row.type === 'BLOCKS'
          ? row.outgoing ? response.blocks : response.blockedBy
          : row.outgoing ? response.duplicates : response.duplicatedBy;
    view.push(toRelated(row));
  }
  return response;
}

/**
 * Links between work items, as the interface contract defines them. Creating or removing a link emits no event: the
 * contract has none for links; blockedByCount follows through the database triggers.
 */
@Injectable()
export class RelationService {
  constructor(
    @Inject(RelationRepository) private readonly relations: RelationRepository,
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, ref: string): Promise<WorkItemRelationsResponse> {
    assertCan(auth, Permission.Read);
    const item = await this.require(auth.organizationId, ref);
    return toRelationsResponse(await this.relations.views(auth.organizationId, item.id));
  }

  /** The items blocking each given item (uuids the caller has read), by item; items blocked by none are absent. */
  async blockersOf(auth: AuthContext, workItemIds: readonly string[]): Promise<Record<string, RelatedWorkItem[]>> {
    assertCan(auth, Permission.Read);
    const blockers: Record<string, RelatedWorkItem[]> = {};
    if (workItemIds.length === 0) return blockers;
    for (const row of await this.relations.blockersOf(auth.organizationId, workItemIds)) (blockers[row.blocked_id] ??= []).push(toRelated(row));
    return blockers;
  }

  async add(auth: AuthContext, ref: string, dto: AddWorkItemRelationDto): Promise<WorkItemRelationsResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const item = await this.require(auth.organizationId, ref);
    const targetId = dto.targetId.toLowerCase();
    if (targetId === item.id) {
      throw new BadRequestError('A work item cannot be linked to itself', { targetId: ['must name another work item'] });
    }
    const target = await this.workItems.findByRef(auth.organizationId, { kind: 'id', id: targetId });
    if (!target) throw UnknownReferenceError.of('targetId', dto.targetId);
    // A link changes both items: neither may be archived.
    assertNotArchived('Work item', item.key, item.archivedAt);
    assertNotArchived('Work item', target.key, target.archivedAt);
    const edge = edgeFor(dto.type, item.id, target.id);
    await this.outbox.sqlTransaction(async (tx, events) => {
      if (!(await this.relations.create(auth.organizationId, edge, tx))) {
        throw new ConflictError('The two work items are already linked this way', { targetId: [`already linked: ${dto.type}`] });
      }
      events.audit(auth, { action: 'linked', record: { type: 'work_item', id: item.id, key: item.key }, changes: { [dto.type]: { from: null, to: target.id } } });
    });
    return toRelationsResponse(await this.relations.views(auth.organizationId, item.id));
  }

  /** Removes the link from either of its items; a relationId that is not a uuid is 400. */
  async remove(auth: AuthContext, ref: string, relationId: string): Promise<void> {
    assertCan(auth, Permission.DeliveryWrite);
    if (!isUuid(relationId)) throw new BadRequestError('relationId must be a uuid', { relationId: ['must be a uuid'] });
    const item = await this.require(auth.organizationId, ref);
    await this.outbox.sqlTransaction(async (tx, events) => {
      if (!(await this.relations.remove(auth.organizationId, item.id, relationId.toLowerCase(), tx))) {
        throw new NotFoundError('Relation', relationId);
      }
      events.audit(auth, { action: 'unlinked', record: { type: 'work_item', id: item.id, key: item.key }, changes: { relationId: { from: relationId.toLowerCase(), to: null } } });
    });
  }

  private require(organizationId: string, ref: string): Promise<WorkItemResponse> {
    return requireByRef('Work item', ref, WORK_ITEM_KEY_PREFIX, (valid) => this.workItems.findByRef(organizationId, valid));
  }
}
