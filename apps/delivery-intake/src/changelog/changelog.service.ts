import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  ChangelogEntryResponse,
  ChangelogStatus,
  ConflictError,
  CreateChangelogDto,
  EventType,
  ListChangelogQuery,
  NotFoundError,
  Page,
  UnknownReferenceError,
  UpdateChangelogDto,
  isUuid,
} from '@pds/contracts';
import { buildEnvelope, writeOutbox } from '@pds/messaging';
import { keysetAfter, pageRequest, toPage } from '@pds/persistence';
import { DeliveryOutboxRelay } from '../common/delivery.outbox';
import { DELIVERY_SCHEMA } from '../common/delivery.prisma';
import { ChangelogEntry, Prisma, PrismaClient } from '../generated/delivery/client';

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
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(DeliveryOutboxRelay) private readonly outbox: DeliveryOutboxRelay,
  ) {}

  async list(auth: AuthContext, query: ListChangelogQuery): Promise<Page<ChangelogEntryResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query);
    const rows = await this.prisma.changelogEntry.findMany({
      where: { organizationId: auth.organizationId, ...(query.status ? { status: query.status } : {}), ...keysetAfter(after) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return toPage(rows, limit, toChangelogResponse);
  }

  async create(auth: AuthContext, dto: CreateChangelogDto): Promise<ChangelogEntryResponse> {
    assertCan(auth, Permission.ChangelogWrite);
    await this.checkWorkItems(auth.organizationId, dto.workItemIds);
    const created = await this.prisma.changelogEntry.create({
      data: { organizationId: auth.organizationId, title: dto.title, body: dto.body, workItemIds: dto.workItemIds ?? [] },
    });
    return toChangelogResponse(created);
  }

  async update(auth: AuthContext, id: string, dto: UpdateChangelogDto): Promise<ChangelogEntryResponse> {
    assertCan(auth, Permission.ChangelogWrite);
    const current = await this.require(auth.organizationId, id);
    await this.checkWorkItems(auth.organizationId, dto.workItemIds);
    const data: Prisma.ChangelogEntryUpdateInput = {};
    if (dto.title !== undefined) data.title = dto.title;
    if (dto.body !== undefined) data.body = dto.body;
    if (dto.workItemIds !== undefined) data.workItemIds = dto.workItemIds;
    if (Object.keys(data).length === 0) return toChangelogResponse(current);
    // Only a draft changes: the status check and the write are one statement.
    const { count } = await this.prisma.changelogEntry.updateMany({
      where: { id: current.id, organizationId: auth.organizationId, status: ChangelogStatus.DRAFT },
      data: { ...data, updatedAt: new Date() },
    });
    if (count === 0) throw new ConflictError('A published changelog entry cannot be changed');
    return toChangelogResponse(await this.require(auth.organizationId, current.id));
  }

  async publish(auth: AuthContext, id: string): Promise<ChangelogEntryResponse> {
    assertCan(auth, Permission.ChangelogWrite);
    const current = await this.require(auth.organizationId, id);
    const published = await this.prisma.$transaction(async (tx) => {
      const now = new Date();
      const { count } = await tx.changelogEntry.updateMany({
        where: { id: current.id, organizationId: auth.organizationId, status: ChangelogStatus.DRAFT },
        data: { status: ChangelogStatus.PUBLISHED, publishedAt: now, updatedAt: now },
      });
      if (count === 0) throw new ConflictError('The changelog entry is published already');
      const response = toChangelogResponse(await tx.changelogEntry.findFirstOrThrow({ where: { id: current.id } }));
      await writeOutbox(tx, DELIVERY_SCHEMA, [buildEnvelope(EventType.ChangelogPublished, auth.organizationId, response)]);
      return response;
    });
    this.outbox.notify();
    return published;
  }

  private async require(organizationId: string, id: string): Promise<ChangelogEntry> {
    const found = isUuid(id) ? await this.prisma.changelogEntry.findFirst({ where: { organizationId, id: id.toLowerCase() } }) : null;
    if (!found) throw new NotFoundError('Changelog entry', id);
    return found;
  }

  private async checkWorkItems(organizationId: string, ids: string[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const found = new Set(
      (await this.prisma.workItem.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } })).map((w) => w.id),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) throw new UnknownReferenceError('workItemIds', missing);
  }
}
