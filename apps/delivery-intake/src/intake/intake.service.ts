import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan, can } from '@pds/auth';
import {
  IntakeConvertTarget,
  StrategySubjects,
  AuthContext,
  BadRequestError,
  ConflictError,
  ConvertIntakeDto,
  CreateIntakeDto,
  EventType,
  FindUsersRequest,
  INTAKE_FLAG_THRESHOLD,
  INTAKE_KEY_PREFIX,
  IdentitySubjects,
  IntakeKind,
  IntakeStage,
  CreateIntakeCommentDto,
  IntakeCommentResponse,
  IntakeSubmissionResponse,
  ListIntakeQuery,
  ListQuery,
  ModerationState,
  NotFoundError,
  Page,
  ReportIntakeDto,
  UpdateIntakeDto,
  WorkItemType,
  parseRecordRef,
} from '@pds/contracts';
import { MessageBus, buildEnvelope, writeOutbox } from '@pds/messaging';
import { CONVERTING, opportunityDescription } from './intake.convert';
import { keysetAfter, nextKeyNumber, pageRequest, toPage } from '@pds/persistence';
import { DeliveryOutboxRelay } from '../common/delivery.outbox';
import { DELIVERY_SCHEMA } from '../common/delivery.prisma';
import { isUniqueViolation } from '../common/unique-violation';
import { Prisma, PrismaClient } from '../generated/delivery/client';
import { WorkItemService } from '../work-items/work-item.service';
import type { DeliveryTx } from '../work-items/work-item.repository';
import { INTAKE_INCLUDE, IntakeRecord, toIntakeCommentResponse, toIntakeEventData, toIntakeResponse } from './intake.mapper';
import { stageForStatus } from './intake.stage';

/** A portal submitter's name and e-mail are for triage (PM/ADMIN) only; other roles see null. */
function forCaller(auth: AuthContext, response: IntakeSubmissionResponse): IntakeSubmissionResponse {
  return can(auth.role, Permission.IntakeManage) ? response : { ...response, submitterName: null, submitterEmail: null };
}

/** Who submits: a user of the organization (API) or a named person on the public portal. */
export interface IntakeSubmitter {
  userId: string | null;
  viaPortal: boolean;
  name?: string;
  email?: string;
}

/**
 * Stakeholder intake: submissions (INT-n), votes, moderation reports, triage and conversion into a
 * work item. A converted submission's stage follows its work item (see intake.stage.ts).
 */
@Injectable()
export class IntakeService {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(WorkItemService) private readonly workItems: WorkItemService,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(DeliveryOutboxRelay) private readonly outbox: DeliveryOutboxRelay,
  ) {}

  async list(auth: AuthContext, query: ListIntakeQuery): Promise<Page<IntakeSubmissionResponse>> {
    assertCan(auth, Permission.Read);
    const { limit, after } = pageRequest(query, 'number');
    const afterNumber = after ? Number(after.sortValue) : undefined;
    const where: Prisma.IntakeSubmissionWhereInput = { organizationId: auth.organizationId };
    if (query.stage) where.stage = query.stage;
    if (query.kind) where.kind = query.kind;
    if (afterNumber !== undefined && Number.isInteger(afterNumber)) where.number = { gt: afterNumber };
    const rows = await this.prisma.intakeSubmission.findMany({ where, include: INTAKE_INCLUDE, orderBy: { number: 'asc' }, take: limit + 1 });
    return toPage(rows, limit, (row) => forCaller(auth, toIntakeResponse(row)), (row) => String(row.number));
  }

  async get(auth: AuthContext, ref: string): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.Read);
    return forCaller(auth, toIntakeResponse(await this.require(auth.organizationId, ref)));
  }

  async create(auth: AuthContext, dto: CreateIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    return forCaller(auth, await this.submit(auth.organizationId, dto, { userId: auth.userId, viaPortal: false }));
  }

  /** Shared by the API and the public portal; emits `intake.created` without contact data. */
  async submit(organizationId: string, dto: CreateIntakeDto, submitter: IntakeSubmitter): Promise<IntakeSubmissionResponse> {
    await this.checkUsers(organizationId, { assigneeId: dto.assigneeId, watcherIds: dto.watcherIds });
    const response = await this.prisma.$transaction(async (tx) => {
      const number = await nextKeyNumber(tx, DELIVERY_SCHEMA, organizationId, 'intake');
      const created = await tx.intakeSubmission.create({
        data: {
          organizationId,
          number,
          kind: dto.kind,
          title: dto.title,
          description: dto.description ?? null,
          source: dto.source ?? null,
          assigneeId: dto.assigneeId ?? null,
          watcherIds: dto.watcherIds ?? [],
          submittedById: submitter.userId,
          viaPortal: submitter.viaPortal,
          isPublic: submitter.viaPortal,
          submitterName: submitter.name ?? null,
          submitterEmail: submitter.email ?? null,
        },
        include: INTAKE_INCLUDE,
      });
      const result = toIntakeResponse(created);
      await writeOutbox(tx, DELIVERY_SCHEMA, [buildEnvelope(EventType.IntakeCreated, organizationId, toIntakeEventData(result))]);
      return result;
    });
    this.outbox.notify();
    return response;
  }

  async update(auth: AuthContext, ref: string, dto: UpdateIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeManage);
    const current = await this.require(auth.organizationId, ref);
    await this.checkUsers(auth.organizationId, { assigneeId: dto.assigneeId, watcherIds: dto.watcherIds });
    const updated = await this.prisma.$transaction(async (tx) => {
      const locked = await this.lock(tx, auth.organizationId, current.id);
      if (dto.stage !== undefined && dto.stage !== locked.stage && locked.workItemId) {
        throw new ConflictError('The stage of a converted submission follows its work item', { stage: [`follows work item ${locked.workItemId}`] });
      }
      const data: Prisma.IntakeSubmissionUncheckedUpdateInput = {};
      if (dto.stage !== undefined && dto.stage !== locked.stage) {
        data.stage = dto.stage;
        data.completedAt = dto.stage === IntakeStage.DONE ? new Date() : null;
      }
      if (dto.assigneeId !== undefined) data.assigneeId = dto.assigneeId;
      if (dto.watcherIds !== undefined) data.watcherIds = dto.watcherIds;
      if (dto.isPublic !== undefined) data.isPublic = dto.isPublic;
      if (dto.moderationState !== undefined) {
        // A PM's decision settles every open report.
        data.moderationState = dto.moderationState;
        await tx.intakeReport.updateMany({ where: { submissionId: locked.id, resolvedAt: null }, data: { resolvedAt: new Date() } });
      }
      if (Object.keys(data).length) await tx.intakeSubmission.update({ where: { id: locked.id }, data: { ...data, updatedAt: new Date() } });
      return this.load(tx, auth.organizationId, locked.id);
    });
    return forCaller(auth, toIntakeResponse(updated));
  }

  async vote(auth: AuthContext, ref: string): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    try {
      await this.prisma.intakeVote.create({ data: { organizationId: auth.organizationId, submissionId: current.id, userId: auth.userId } });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('You have voted for this submission already');
      throw error;
    }
    return forCaller(auth, toIntakeResponse(await this.load(this.prisma, auth.organizationId, current.id)));
  }

  async unvote(auth: AuthContext, ref: string): Promise<void> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    const { count } = await this.prisma.intakeVote.deleteMany({ where: { organizationId: auth.organizationId, submissionId: current.id, userId: auth.userId } });
    if (count === 0) throw new NotFoundError('Vote', ref);
  }

  /** One open report per reporter; the third open report turns a CLEAN submission FLAGGED. */
  async report(auth: AuthContext, ref: string, dto: ReportIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    const updated = await this.prisma.$transaction(async (tx) => {
      const locked = await this.lock(tx, auth.organizationId, current.id);
      const mine = await tx.intakeReport.count({ where: { submissionId: locked.id, reporterId: auth.userId, resolvedAt: null } });
      if (mine > 0) throw new ConflictError('You have an open report on this submission already');
      await tx.intakeReport.create({
        data: { organizationId: auth.organizationId, submissionId: locked.id, reason: dto.reason, details: dto.details ?? null, reporterId: auth.userId },
      });
      const open = await tx.intakeReport.count({ where: { submissionId: locked.id, resolvedAt: null } });
      if (open >= INTAKE_FLAG_THRESHOLD && locked.moderationState === ModerationState.CLEAN) {
        await tx.intakeSubmission.update({ where: { id: locked.id }, data: { moderationState: ModerationState.FLAGGED, updatedAt: new Date() } });
      }
      return this.load(tx, auth.organizationId, locked.id);
    });
    return forCaller(auth, toIntakeResponse(updated));
  }

  /** Creates the work item (or opportunity) and links it in one transaction; converting twice is 409. */
  async convert(auth: AuthContext, ref: string, dto: ConvertIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeManage);
    const current = await this.require(auth.organizationId, ref);
    const alreadyConverted = () => new ConflictError('The submission was converted already', { workItemId: current.workItemId, opportunityId: current.opportunityId });
    if (current.workItemId || current.opportunityId) throw alreadyConverted();
    if (dto.target === IntakeConvertTarget.OPPORTUNITY) {
      if (dto.type !== undefined) throw new BadRequestError('type applies to work items only', { type: ['only with target WORK_ITEM'] });
      await this.convertToOpportunity(auth, current, alreadyConverted);
      return forCaller(auth, toIntakeResponse(await this.load(this.prisma, auth.organizationId, current.id)));
    }
    const type = dto.type ?? (current.kind === IntakeKind.BUG ? WorkItemType.BUG : WorkItemType.IMPROVEMENT);
    const body = { title: current.title, type, ...(current.description !== null ? { description: current.description } : {}), ...(current.source ? { reporterSource: current.source } : {}) };
    await this.workItems.create(auth, body as Parameters<WorkItemService['create']>[1], async (tx, created) => {
      const locked = await this.lock(tx, auth.organizationId, current.id);
      if (locked.workItemId || locked.opportunityId) throw alreadyConverted();
      const stage = stageForStatus(created.status);
      await tx.intakeSubmission.update({
        where: { id: locked.id },
        data: { workItemId: created.id, stage, completedAt: stage === IntakeStage.DONE ? new Date() : null, updatedAt: new Date() },
      });
    });
    return forCaller(auth, toIntakeResponse(await this.load(this.prisma, auth.organizationId, current.id)));
  }

  /**
   * strategy-discovery owns opportunities, so it creates the one we link (with its own checks and
   * events). No transaction spans that call (standalone's PGlite has one connection): the
   * submission is claimed with a conditional update first, linked afterwards, and released again
   * if the opportunity could not be created.
   */
  private async convertToOpportunity(auth: AuthContext, current: IntakeRecord, alreadyConverted: () => Error): Promise<void> {
    const claimed = await this.prisma.intakeSubmission.updateMany({
      where: { id: current.id, organizationId: auth.organizationId, workItemId: null, opportunityId: null, opportunityKey: null },
      data: { opportunityKey: CONVERTING, updatedAt: new Date() },
    });
    if (claimed.count === 0) throw alreadyConverted();
    try {
      const opportunity = await this.bus.request(StrategySubjects.opportunityCreate, {
        auth,
        body: { title: current.title, ...(current.description ? { description: opportunityDescription(current.description) } : {}) },
      });
      await this.prisma.intakeSubmission.update({
        where: { id: current.id },
        data: { opportunityId: opportunity.id, opportunityKey: opportunity.key, updatedAt: new Date() },
      });
    } catch (error) {
      await this.prisma.intakeSubmission.updateMany({ where: { id: current.id, opportunityKey: CONVERTING }, data: { opportunityKey: null } });
      throw error;
    }
  }

  async listComments(auth: AuthContext, ref: string, query: ListQuery): Promise<Page<IntakeCommentResponse>> {
    assertCan(auth, Permission.Read);
    const current = await this.require(auth.organizationId, ref);
    const { limit, after } = pageRequest(query);
    const rows = await this.prisma.intakeComment.findMany({
      where: { organizationId: auth.organizationId, submissionId: current.id, ...keysetAfter(after) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: limit + 1,
    });
    return toPage(rows, limit, toIntakeCommentResponse);
  }

  async comment(auth: AuthContext, ref: string, dto: CreateIntakeCommentDto): Promise<IntakeCommentResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    const created = await this.prisma.intakeComment.create({
      data: { organizationId: auth.organizationId, submissionId: current.id, authorId: auth.userId, body: dto.body },
    });
    return toIntakeCommentResponse(created);
  }

  private async require(organizationId: string, ref: string): Promise<IntakeRecord> {
    const parsed = parseRecordRef(ref, INTAKE_KEY_PREFIX);
    const where: Prisma.IntakeSubmissionWhereInput | undefined =
      parsed.kind === 'id' ? { organizationId, id: parsed.id } : parsed.kind === 'key' ? { organizationId, number: parsed.number } : undefined;
    const found = where ? await this.prisma.intakeSubmission.findFirst({ where, include: INTAKE_INCLUDE }) : null;
    if (!found) throw new NotFoundError('Intake submission', ref);
    return found;
  }

  private async lock(tx: DeliveryTx, organizationId: string, id: string): Promise<IntakeRecord> {
    await tx.$queryRawUnsafe('SELECT id FROM delivery.intake_submissions WHERE organization_id = $1::uuid AND id = $2::uuid FOR UPDATE', organizationId, id);
    return this.load(tx, organizationId, id);
  }

  private async load(client: DeliveryTx | PrismaClient, organizationId: string, id: string): Promise<IntakeRecord> {
    const found = await client.intakeSubmission.findFirst({ where: { organizationId, id }, include: INTAKE_INCLUDE });
    if (!found) throw new NotFoundError('Intake submission', id);
    return found;
  }

  private async checkUsers(organizationId: string, input: { assigneeId?: string | null; watcherIds?: string[] }): Promise<void> {
    const ids = [...new Set([...(input.assigneeId ? [input.assigneeId] : []), ...(input.watcherIds ?? [])])];
    if (!ids.length) return;
    const { users } = await this.bus.request(IdentitySubjects.findUsers, { organizationId, ids } satisfies FindUsersRequest);
    const found = new Set(users.map((u) => u.id));
    const problems: Record<string, string[]> = {};
    if (input.assigneeId && !found.has(input.assigneeId)) problems.assigneeId = [`unknown user: ${input.assigneeId}`];
    const missing = (input.watcherIds ?? []).filter((id) => !found.has(id));
    if (missing.length) problems.watcherIds = [`unknown users: ${missing.join(', ')}`];
    if (Object.keys(problems).length) throw new BadRequestError(`Unknown references: ${Object.keys(problems).join(', ')}`, problems);
  }
}
