import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  changesOf,
  AuthContext,
  BadRequestError,
  ConflictError,
  CreateSprintDto,
  EventType,
  ListSprintsQuery,
  SPRINT_SORT,
  NotFoundError,
  Page,
  ReferenceCheck,
  SprintResponse,
  SprintStatus,
  UpdateSprintDto,
  assertNotArchived,
} from '@pds/contracts';
import { OutboxEvents } from '@pds/messaging';
import { plainSortValue, readSortedPage, requireByPathId, sqlOverPrisma } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { DeliveryTx } from '../common/delivery.prisma';
import { TeamRepository } from '../teams/team.repository';
import { WorkItemRepository } from '../work-items/work-item.repository';
import { SprintRecord, toSprintResponse } from './sprint.mapper';
import { SprintFields, SprintRepository } from './sprint.repository';

/** The only moves: PLANNED → ACTIVE → COMPLETED (staying put is no move). */
const NEXT_STATUS: Record<SprintStatus, SprintStatus | null> = {
  PLANNED: SprintStatus.ACTIVE,
  ACTIVE: SprintStatus.COMPLETED,
  COMPLETED: null,
};

const toDate = (value: string) => new Date(`${value}T00:00:00Z`);

function assertDateOrder(startDate: string, endDate: string): void {
  if (endDate < startDate) throw new BadRequestError('endDate is before startDate', { endDate: ['must not be before startDate'] });
}

/**
 * Sprints, as the interface contract defines them. One ACTIVE sprint per team; completing a sprint moves its unfinished
 * items to the team's next PLANNED sprint, or to the backlog, and counts the carry-over on each.
 */
@Injectable()
export class SprintService {
  constructor(
    @Inject(SprintRepository) private readonly sprints: SprintRepository,
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(TeamRepository) private readonly teams: TeamRepository,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, query: ListSprintsQuery): Promise<Page<SprintResponse>> {
    assertCan(auth, Permission.Read);
    return readSortedPage(query, SPRINT_SORT, (order, take) => this.sprints.list(auth.organizationId, query, order, take), toSprintResponse, plainSortValue);
  }

  async get(auth: AuthContext, id: string): Promise<SprintResponse> {
    assertCan(auth, Permission.Read);
    return toSprintResponse(await this.require(auth.organizationId, id));
  }

  async create(auth: AuthContext, dto: CreateSprintDto): Promise<SprintResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    assertDateOrder(dto.startDate, dto.endDate);
    await this.checkTeam(auth.organizationId, dto.teamId);
    return this.outbox.transaction(async (tx, events) => {
      const created = toSprintResponse(
        await this.sprints.create(
          auth.organizationId,
          { name: dto.name, goal: dto.goal ?? null, startDate: toDate(dto.startDate), endDate: toDate(dto.endDate), teamId: dto.teamId ?? null },
          tx,
        ),
      );
      events.audit(auth, { action: 'created', record: { type: 'sprint', id: created.id } });
      return created;
    });
  }

  /** Idempotent, like the strategy records' archive. */
  async archive(auth: AuthContext, id: string): Promise<SprintResponse> {
    return this.setArchived(auth, id, new Date());
  }

  async unarchive(auth: AuthContext, id: string): Promise<SprintResponse> {
    return this.setArchived(auth, id, null);
  }

  private async setArchived(auth: AuthContext, id: string, at: Date | null): Promise<SprintResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const current = await this.require(auth.organizationId, id);
    if ((current.archivedAt === null) === (at === null)) return toSprintResponse(current);
    return this.outbox.transaction(async (tx, events) => {
      const after = toSprintResponse(await this.sprints.setArchivedAt(auth.organizationId, current.id, at, tx));
      events.audit(auth, { action: at ? 'archived' : 'unarchived', record: { type: 'sprint', id: after.id } });
      return after;
    });
  }

  async update(auth: AuthContext, id: string, dto: UpdateSprintDto): Promise<SprintResponse> {
    assertCan(auth, Permission.DeliveryWrite);
    const current = await this.require(auth.organizationId, id);
    assertNotArchived('Sprint', id, current.archivedAt);
    await this.checkTeam(auth.organizationId, dto.teamId);
    const updated = await this.outbox.transaction(async (tx, events) => {
      const locked = await this.sprints.lock(auth.organizationId, current.id, tx);
      if (!locked) throw new NotFoundError('Sprint', id);
      const before = toSprintResponse(locked);
      const after: SprintResponse = {
        ...before,
        startDate: dto.startDate ?? before.startDate,
        endDate: dto.endDate ?? before.endDate,
        teamId: dto.teamId !== undefined ? dto.teamId : before.teamId,
        status: dto.status ?? before.status,
      };
      assertDateOrder(after.startDate, after.endDate);
      if (after.status !== before.status && NEXT_STATUS[before.status] !== after.status) {
        throw new ConflictError(`A ${before.status} sprint cannot become ${after.status}`, {
          status: [`allowed next status: ${NEXT_STATUS[before.status] ?? 'none'}`],
        });
      }
      if (after.status === SprintStatus.ACTIVE) await this.assertNoOtherActive(auth.organizationId, after.teamId, locked.id, tx);

      const data: Partial<SprintFields> = {};
      if (dto.name !== undefined) data.name = dto.name;
      if (dto.goal !== undefined) data.goal = dto.goal;
      if (dto.startDate !== undefined) data.startDate = toDate(dto.startDate);
      if (dto.endDate !== undefined) data.endDate = toDate(dto.endDate);
      if (dto.teamId !== undefined) data.teamId = dto.teamId;
      if (dto.status !== undefined) data.status = dto.status;
      if (Object.keys(data).length === 0) return locked;
      const saved = await this.sprints.update(auth.organizationId, locked.id, data, tx);
      events.audit(auth, { action: 'updated', record: { type: 'sprint', id: saved.id }, changes: changesOf(before, toSprintResponse(saved), Object.keys(data)) });
      if (before.status === SprintStatus.ACTIVE && after.status === SprintStatus.COMPLETED) {
        await this.carryOver(auth, saved, tx, events);
      }
      return saved;
    });
    return toSprintResponse(updated);
  }

  private async assertNoOtherActive(organizationId: string, teamId: string | null, sprintId: string, tx: DeliveryTx): Promise<void> {
    await this.sprints.lockTeam(organizationId, teamId, tx);
    const active = await this.sprints.activeSprintOf(organizationId, teamId, sprintId, tx);
    if (active) throw new ConflictError('The team has an ACTIVE sprint already', { status: [`sprint ${active} is ACTIVE`], activeSprintId: active });
  }

  /** Emits work_item.updated once per moved item, with the item as REST returns it afterwards. */
  private async carryOver(auth: AuthContext, sprint: SprintRecord, tx: DeliveryTx, events: OutboxEvents): Promise<void> {
    const organizationId = auth.organizationId;
    const next = await this.sprints.nextPlanned(organizationId, sprint.teamId, sprint.id, tx);
    for (const item of await this.workItems.carryOver(organizationId, sprint.id, next, sqlOverPrisma(tx))) {
      await events.emit(EventType.WorkItemUpdated, organizationId, item);
      events.audit(auth, { action: 'updated', record: { type: 'work_item', id: item.id, key: item.key }, changes: { sprintId: { from: sprint.id, to: item.sprintId } } });
    }
  }

  private async checkTeam(organizationId: string, teamId: string | null | undefined): Promise<void> {
    const check = new ReferenceCheck();
    await check.ids({ teamId }, (ids) => this.teams.existingIds(organizationId, ids));
    check.throwIfAny();
  }

  private async require(organizationId: string, id: string): Promise<SprintRecord> {
    return requireByPathId('Sprint', id, (uuid) => this.sprints.find(organizationId, uuid));
  }
}
