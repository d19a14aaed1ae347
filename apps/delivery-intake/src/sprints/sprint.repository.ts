import { Inject, Injectable } from '@nestjs/common';
import { CursorPosition, ListSprintsQuery, SprintStatus } from '@pds/contracts';
import { Prisma, PrismaClient } from '../generated/delivery/client';
import type { DeliveryTx } from '../work-items/work-item.repository';
import type { SprintRecord } from './sprint.mapper';

const SPRINT_FIELDS = { id: true, name: true, goal: true, startDate: true, endDate: true, status: true, teamId: true } as const;

/** Every query is scoped by organization id. */
@Injectable()
export class SprintRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  transaction<T>(fn: (tx: DeliveryTx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  }

  find(organizationId: string, id: string): Promise<SprintRecord | null> {
    return this.prisma.sprint.findFirst({ where: { organizationId, id }, select: SPRINT_FIELDS });
  }

  /** Ordered by start date, then id. */
  list(organizationId: string, query: ListSprintsQuery, after: CursorPosition | undefined, take: number): Promise<SprintRecord[]> {
    const where: Prisma.SprintWhereInput = { organizationId };
    if (query.status) where.status = query.status;
    if (query.teamId) where.teamId = query.teamId;
    if (after) {
      const at = new Date(after.sortValue);
      where.OR = [{ startDate: { gt: at } }, { startDate: at, id: { gt: after.id } }];
    }
    return this.prisma.sprint.findMany({ where, orderBy: [{ startDate: 'asc' }, { id: 'asc' }], take, select: SPRINT_FIELDS });
  }

  async teamExists(organizationId: string, id: string): Promise<boolean> {
    return (await this.prisma.team.count({ where: { organizationId, id } })) > 0;
  }

  create(tx: DeliveryTx, data: Prisma.SprintUncheckedCreateInput): Promise<SprintRecord> {
    return tx.sprint.create({ data, select: SPRINT_FIELDS });
  }

  async lock(tx: DeliveryTx, organizationId: string, id: string): Promise<SprintRecord | null> {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      'SELECT id FROM delivery.sprints WHERE organization_id = $1::uuid AND id = $2::uuid FOR UPDATE',
      organizationId,
      id,
    );
    return rows.length ? tx.sprint.findFirst({ where: { organizationId, id }, select: SPRINT_FIELDS }) : null;
  }

  update(tx: DeliveryTx, id: string, data: Prisma.SprintUncheckedUpdateInput): Promise<SprintRecord> {
    return tx.sprint.update({ where: { id }, data, select: SPRINT_FIELDS });
  }

  /**
   * Serialises activations per team (a team-less sprint counts as its own group) until the
   * transaction ends, so two concurrent activations cannot both see "no ACTIVE sprint".
   */
  async lockTeam(tx: DeliveryTx, organizationId: string, teamId: string | null): Promise<void> {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))`, `sprint-active:${organizationId}:${teamId ?? '-'}`);
  }

  async activeSprintOf(tx: DeliveryTx, organizationId: string, teamId: string | null, exceptId: string): Promise<string | null> {
    const found = await tx.sprint.findFirst({
      where: { organizationId, teamId, status: SprintStatus.ACTIVE, id: { not: exceptId } },
      select: { id: true },
    });
    return found?.id ?? null;
  }

  /** The team's next PLANNED sprint: earliest start date, then oldest. */
  async nextPlanned(tx: DeliveryTx, organizationId: string, teamId: string | null, exceptId: string): Promise<string | null> {
    const found = await tx.sprint.findFirst({
      where: { organizationId, teamId, status: SprintStatus.PLANNED, id: { not: exceptId } },
      orderBy: [{ startDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    return found?.id ?? null;
  }

  /** Moves the sprint's unfinished items (not DONE or CANCELLED); returns their ids. */
  async carryOver(tx: DeliveryTx, organizationId: string, fromId: string, toId: string | null): Promise<string[]> {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE delivery.work_items
          SET sprint_id = $3::uuid, carry_over_count = carry_over_count + 1,
              updated_at = GREATEST(now(), updated_at + interval '1 millisecond')
        WHERE organization_id = $1::uuid AND sprint_id = $2::uuid AND status NOT IN ('DONE', 'CANCELLED')
        RETURNING id`,
      organizationId,
      fromId,
      toId,
    );
    return rows.map((r) => r.id).sort();
  }
}
