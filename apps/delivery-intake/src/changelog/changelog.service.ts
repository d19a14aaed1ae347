import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  changesOf,
  AuthContext,
  ChangelogEntryResponse,
  ChangelogStatus,
  ConflictError,
  CreateChangelogDto,
  EventType,
  ListChangelogQuery,
  NotFoundError,
  Page,
  ReferenceCheck,
  UpdateChangelogDto,
} from '@pds/contracts';
import { readCreationPage, requireByPathId } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { ChangelogEntry } from '../generated/delivery/client';
import { WorkItemRepository } from '../work-items/work-item.repository';
import { ChangelogChanges, ChangelogRepository } from './changelog.repository';

export function toChangelogResponse(entry: ChangelogEntry): ChangelogEntryResponse {
  return {
    id: entry.id,
    title: entry.title,
    body: entry.body,
    status: entry.status as ChangelogStatus,
    workItemIds: entry.workItemIds,
    publishedAt: entry.publishedAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/** Changelog entries: drafts are edited, then published exactly once (`changelog.published`). */
@Injectable()
export class ChangelogService {
  constructor(
    @Inject(ChangelogRepository) private readonly entries: ChangelogRepository,
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, query: ListChangelogQuery): Promise<Page<ChangelogEntryResponse>> {
    assertCan(auth, Permission.Read);
    return readCreationPage(query, (order, take) => this.entries.list(auth.organizationId, query.status, order, take), toChangelogResponse);
  }

  async get(auth: AuthContext, id: string): Promise<ChangelogEntryResponse> {
    assertCan(auth, Permission.Read);
    return toChangelogResponse(await this.require(auth.organizationId, id));
  }

  async create(auth: AuthContext, dto: CreateChangelogDto): Promise<ChangelogEntryResponse> {
    assertCan(auth, Permission.ChangelogWrite);
    await this.checkWorkItems(auth.organizationId, dto.workItemIds);
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.entries.create(auth.organizationId, { title: dto.title, body: dto.body, workItemIds: dto.workItemIds ?? [] }, tx);
      events.audit(auth, { action: 'created', record: { type: 'changelog', id: created.id } });
      return toChangelogResponse(created);
    });
  }

  async update(auth: AuthContext, id: string, dto: UpdateChangelogDto): Promise<ChangelogEntryResponse> {
    assertCan(auth, Permission.ChangelogWrite);
    const current = await this.require(auth.organizationId, id);
    await this.checkWorkItems(auth.organizationId, dto.workItemIds);
    const data: ChangelogChanges = {};
    if (dto.title !== undefined) data.title = dto.title;
    if (dto.body !== undefined) data.body = dto.body;
    if (dto.workItemIds !== undefined) data.workItemIds = dto.workItemIds;
    if (Object.keys(data).length === 0) return toChangelogResponse(current);
    // Only a draft changes: the status check and the write are one statement.
    return this.outbox.transaction(async (tx, events) => {
      if (!(await this.entries.updateDraft(auth.organizationId, current.id, { ...data, updatedAt: new Date() }, tx))) {
        throw new ConflictError('A published changelog entry cannot be changed');
      }
      const after = toChangelogResponse((await this.entries.find(auth.organizationId, current.id, tx)) ?? current);
      events.audit(auth, { action: 'updated', record: { type: 'changelog', id: current.id }, changes: changesOf(toChangelogResponse(current), after, Object.keys(data)) });
      return after;
    });
  }

  async publish(auth: AuthContext, id: string): Promise<ChangelogEntryResponse> {
    assertCan(auth, Permission.ChangelogWrite);
    const current = await this.require(auth.organizationId, id);
    return this.outbox.transaction(async (tx, events) => {
      const now = new Date();
      const changed = await this.entries.updateDraft(auth.organizationId, current.id, { status: ChangelogStatus.PUBLISHED, publishedAt: now, updatedAt: now }, tx);
      if (!changed) throw new ConflictError('The changelog entry is published already');
      const entry = await this.entries.find(auth.organizationId, current.id, tx);
      if (!entry) throw new NotFoundError('Changelog entry', id);
      const response = toChangelogResponse(entry);
      await events.emit(EventType.ChangelogPublished, auth.organizationId, response);
      events.audit(auth, { action: 'published', record: { type: 'changelog', id: current.id }, changes: { status: { from: current.status, to: response.status } } });
      return response;
    });
  }

  private async require(organizationId: string, id: string): Promise<ChangelogEntry> {
    return requireByPathId('Changelog entry', id, (uuid) => this.entries.find(organizationId, uuid));
  }

  private async checkWorkItems(organizationId: string, workItemIds: string[] | undefined): Promise<void> {
    const check = new ReferenceCheck();
    await check.ids({ workItemIds }, (ids) => this.workItems.existingIds(organizationId, ids));
    check.throwIfAny();
  }
}
