import { Inject, Injectable } from '@nestjs/common';
import { ListSprintsQuery, SPRINT_SORT, SortedRead, SprintStatus } from '@pds/contracts';
import { archivedWhere, liveRow, prismaSorted } from '@pds/persistence';
import { DeliveryTx } from '../common/delivery.prisma';
import { Prisma, PrismaClient } from '../generated/delivery/client';
import type { SprintRecord } from './sprint.mapper';

const SPRINT_FIELDS = { id: true, name: true, goal: true, startDate: true, endDate: true, status: true, teamId: true, archivedAt: true } as const;

/** A sprint of the list, with its creation time for the `createdAt` sort's cursor. */
export type SprintListRow = SprintRecord & { createdAt: Date };

/** What a create or an update of a sprint sets. */
export type SprintFields = Omit<SprintRecord, 'id' | 'status' | 'archivedAt'> & { status: SprintStatus };

/** Every query is scoped by organization id. */
@Injectable()
export class SprintRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  find(organizationId: string, id: string): Promise<SprintRecord | null> {
    return this.prisma.sprint.findFirst({ where: { organizationId, id }, select: SPRINT_FIELDS });
  }

  /** In the order asked (start date, then id, by default). */
  list(organizationId: string, query: ListSprintsQuery, order: SortedRead, take: number): Promise<SprintListRow[]> {
    const sorted = prismaSorted(order, SPRINT_SORT);
    const where: Prisma.SprintWhereInput = { organizationId, ...archivedWhere(query.archived), AND: [sorted.where] };
    if (query.status) where.status = query.status;
    if (query.teamId) where.teamId = query.teamId;
    return this.prisma.sprint.findMany({ where, orderBy: sorted.orderBy, take, select: { ...SPRINT_FIELDS, createdAt: true } });
  }

  /** The subset of `ids` that name sprints of the organization. */
  async existingIds(organizationId: string, ids: string[]): Promise<string[]> {
    const rows = await this.prisma.sprint.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } });
    return rows.map((r) => r.id);
  }

  create(organizationId: string, data: Omit<SprintFields, 'status'>, tx: DeliveryTx = this.prisma): Promise<SprintRecord> {
    return tx.sprint.create({ data: { ...data, organizationId }, select: SPRINT_FIELDS });
  }

  async lock(organizationId: string, id: string, tx: DeliveryTx): Promise<SprintRecord | null> {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id FROM delivery.sprints WHERE organization_id = $1::uuid AND id = $2::uuid AND ${liveRow()} FOR UPDATE`,
      organizationId,
      id,
    );
    return rows.length ? tx.sprint.findFirst({ where: { organizationId, id }, select: SPRINT_FIELDS }) : null;
  }

  setArchivedAt(organizationId: string, id: string, archivedAt: Date | null, tx: DeliveryTx): Promise<SprintRecord> {
    return tx.sprint.update({ where: { id, organizationId }, data: { archivedAt }, select: SPRINT_FIELDS });
  }

  update(organizationId: string, id: string, data: Partial<SprintFields>, tx: DeliveryTx): Promise<SprintRecord> {
    return tx.sprint.update({ where: { id, organizationId }, data, select: SPRINT_FIELDS });
  }

  /**
   * Serialises activations per team (a team-less sprint counts as its own group) until the
   * transaction ends, so two concurrent activations cannot both see "no ACTIVE sprint".
   */
  async lockTeam(organizationId: string, teamId: string | null, tx: DeliveryTx): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `sprint-active:${organizationId}:${teamId ?? '-'}`);
  }

  async activeSprintOf(organizationId: string, teamId: string | null, exceptId: string, tx: DeliveryTx): Promise<string | null> {
    const found = await tx.sprint.findFirst({
      where: { organizationId, teamId, status: SprintStatus.ACTIVE, id: { not: exceptId } },
      select: { id: true },
    });
    return found?.id ?? null;
  }

  /** The team's next PLANNED sprint: earliest start date, then oldest. */
  async nextPlanned(organizationId: string, teamId: string | null, exceptId: string, tx: DeliveryTx): Promise<string | null> {
    const found = await tx.sprint.findFirst({
      where: { organizationId, teamId, status: SprintStatus.PLANNED, id: { not: exceptId } },
      orderBy: [{ startDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    return found?.id ?? null;
  }
}
