import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan, can } from '@pds/auth';
import {
  AuditBy,
  AuditRecordRef,
  IntakeConvertTarget,
  auditText,
  changesOf,
  StrategySubjects,
  AuthContext,
  BadRequestError,
  ConflictError,
  ConvertIntakeDto,
  CreateIntakeDto,
  EventType,
  INTAKE_FLAG_THRESHOLD,
  INTAKE_KEY_PREFIX,
  IntakeKind,
  IntakeStage,
  CreateIntakeCommentDto,
  IntakeCommentResponse,
  IntakeSubmissionResponse,
  INTAKE_SORT,
  IntakeSortField,
  ListIntakeQuery,
  CreationListQuery,
  ModerationState,
  NotFoundError,
  Page,
  ReferenceCheck,
  ReportIntakeDto,
  UpdateIntakeDto,
  WorkItemType,
} from '@pds/contracts';
import { MessageBus, checkUserIds } from '@pds/messaging';
import { readCreationPage, readSortedPage, requireByRef } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { DeliveryTx } from '../common/delivery.prisma';
import { stageForStatus } from '../work-items/intake-stage';
import { WorkItemService } from '../work-items/work-item.service';
import { IntakeCommentRepository } from './intake-comment.repository';
import { opportunityDescription } from './intake.convert';
import { IntakeRecord, toIntakeCommentResponse, toIntakeEventData, toIntakeResponse } from './intake.mapper';
import { IntakeChanges, IntakeRepository } from './intake.repository';

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

/** A submission's value of a sort field as its cursor carries it. */
function sortValueOf(row: IntakeRecord, field: IntakeSortField): string | number {
  if (field === 'key') return row.number;
  if (field === 'votes') return row.voteCount;
  return row[field].toISOString();
}

/** A conversion claim older than this died with its process (longer than any bus request). */
const STALE_CLAIM_MS = 60_000;

/**
 * Stakeholder intake: submissions (INT-n), votes, moderation reports, triage and conversion into a
 * work item. A converted submission's stage follows its work item (see work-items/intake-stage.ts).
 */
@Injectable()
export class IntakeService {
  constructor(
    @Inject(IntakeRepository) private readonly submissions: IntakeRepository,
    @Inject(IntakeCommentRepository) private readonly comments: IntakeCommentRepository,
    @Inject(WorkItemService) private readonly workItems: WorkItemService,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, query: ListIntakeQuery): Promise<Page<IntakeSubmissionResponse>> {
    assertCan(auth, Permission.Read);
    return readSortedPage(
      query,
      INTAKE_SORT,
      (order, take) => this.submissions.list(auth.organizationId, { stage: query.stage, kind: query.kind }, order, take),
      (row) => forCaller(auth, toIntakeResponse(row)),
      sortValueOf,
    );
  }

  async get(auth: AuthContext, ref: string): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.Read);
    return forCaller(auth, toIntakeResponse(await this.require(auth.organizationId, ref)));
  }

  async create(auth: AuthContext, dto: CreateIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    return forCaller(auth, await this.submit(auth, dto, { userId: auth.userId, viaPortal: false }));
  }

  /**
   * Shared by the API and the public portal (`by` the portal as actor); emits `intake.created`
   * without contact data, and an audit entry without it either.
   */
  async submit(by: AuditBy, dto: CreateIntakeDto, submitter: IntakeSubmitter): Promise<IntakeSubmissionResponse> {
    const organizationId = by.organizationId;
    await this.checkUsers(organizationId, { assigneeId: dto.assigneeId, watcherIds: dto.watcherIds });
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.submissions.create(
        organizationId,
        {
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
        tx,
      );
      const result = toIntakeResponse(created);
      await events.emit(EventType.IntakeCreated, organizationId, toIntakeEventData(result));
      events.audit(by, { action: 'created', record: intakeRecord(result) });
      return result;
    });
  }

  async update(auth: AuthContext, ref: string, dto: UpdateIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeManage);
    const current = await this.require(auth.organizationId, ref);
    await this.checkUsers(auth.organizationId, { assigneeId: dto.assigneeId, watcherIds: dto.watcherIds });
    const updated = await this.outbox.transaction(async (tx, events) => {
      const locked = await this.lock(auth.organizationId, current.id, tx);
      if (dto.stage !== undefined && dto.stage !== locked.stage && locked.workItemId) {
        throw new ConflictError('The stage of a converted submission follows its work item', { stage: [`follows work item ${locked.workItemId}`] });
      }
      const data: IntakeChanges = {};
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
        await this.submissions.resolveReports(auth.organizationId, locked.id, tx);
      }
      if (Object.keys(data).length) await this.submissions.update(auth.organizationId, locked.id, data, tx);
      const after = await this.load(auth.organizationId, locked.id, tx);
      // Written (a moderation decision also settles the open reports) even where no field's value differs.
      if (Object.keys(data).length) {
        events.audit(auth, { action: 'updated', record: intakeRecord(after), changes: changesOf(toIntakeResponse(locked), toIntakeResponse(after), Object.keys(dto)) });
      }
      return after;
    });
    return forCaller(auth, toIntakeResponse(updated));
  }

  async vote(auth: AuthContext, ref: string): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    await this.outbox.transaction(async (tx, events) => {
      if (!(await this.submissions.addVote(auth.organizationId, current.id, { userId: auth.userId }, tx))) {
        throw new ConflictError('You have voted for this submission already');
      }
      events.audit(auth, { action: 'voted', record: intakeRecord(current) });
    });
    return forCaller(auth, toIntakeResponse(await this.load(auth.organizationId, current.id)));
  }

  async unvote(auth: AuthContext, ref: string): Promise<void> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    await this.outbox.transaction(async (tx, events) => {
      if (!(await this.submissions.removeVote(auth.organizationId, current.id, auth.userId, tx))) throw new NotFoundError('Vote', ref);
      events.audit(auth, { action: 'unvoted', record: intakeRecord(current) });
    });
  }

  /** One open report per reporter; the third open report turns a CLEAN submission FLAGGED. */
  async report(auth: AuthContext, ref: string, dto: ReportIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    const updated = await this.outbox.transaction(async (tx, events) => {
      const locked = await this.lock(auth.organizationId, current.id, tx);
      const mine = await this.submissions.openReports(auth.organizationId, locked.id, auth.userId, tx);
      if (mine > 0) throw new ConflictError('You have an open report on this submission already');
      await this.submissions.addReport(
        auth.organizationId,
        { submissionId: locked.id, reason: dto.reason, details: dto.details ?? null, reporterId: auth.userId },
        tx,
      );
      const open = await this.submissions.openReports(auth.organizationId, locked.id, undefined, tx);
      if (open >= INTAKE_FLAG_THRESHOLD && locked.moderationState === ModerationState.CLEAN) {
        await this.submissions.update(auth.organizationId, locked.id, { moderationState: ModerationState.FLAGGED }, tx);
      }
      const after = await this.load(auth.organizationId, locked.id, tx);
      events.audit(auth, { action: 'reported', record: intakeRecord(after), changes: changesOf(locked, after, ['moderationState']) });
      return after;
    });
    return forCaller(auth, toIntakeResponse(updated));
  }

  /** Creates the work item (or opportunity) and links it; converting twice, or while a conversion runs, is 409. */
  async convert(auth: AuthContext, ref: string, dto: ConvertIntakeDto): Promise<IntakeSubmissionResponse> {
    assertCan(auth, Permission.IntakeManage);
    const current = await this.require(auth.organizationId, ref);
    const alreadyConverted = () => new ConflictError('The submission was converted already, or its conversion is in progress', { workItemId: current.workItemId, opportunityId: current.opportunityId });
    if (current.workItemId || current.opportunityId) throw alreadyConverted();
    if (dto.target === IntakeConvertTarget.OPPORTUNITY) {
      if (dto.type !== undefined) throw new BadRequestError('type applies to work items only', { type: ['only with target WORK_ITEM'] });
      await this.convertToOpportunity(auth, current, alreadyConverted);
      return forCaller(auth, toIntakeResponse(await this.load(auth.organizationId, current.id)));
    }
    const type = dto.type ?? (current.kind === IntakeKind.BUG ? WorkItemType.BUG : WorkItemType.IMPROVEMENT);
    const body = { title: current.title, type, ...(current.description !== null ? { description: current.description } : {}), ...(current.source ? { reporterSource: current.source } : {}) };
    await this.workItems.create(auth, body as Parameters<WorkItemService['create']>[1], async (tx, created, events) => {
      const locked = await this.lock(auth.organizationId, current.id, tx);
      // A conversion into an opportunity in progress holds the submission (opportunityKey claimed).
      if (locked.workItemId || locked.opportunityId || locked.opportunityKey) throw alreadyConverted();
      const stage = stageForStatus(created.status);
      await this.submissions.update(
        auth.organizationId,
        locked.id,
        { workItemId: created.id, stage, completedAt: stage === IntakeStage.DONE ? new Date() : null },
        tx,
      );
      events.audit(auth, { action: 'converted', record: intakeRecord(locked), changes: { workItemId: { from: null, to: created.id }, stage: { from: locked.stage, to: stage } } });
    });
    return forCaller(auth, toIntakeResponse(await this.load(auth.organizationId, current.id)));
  }

  /**
   * strategy-discovery owns opportunities, so it creates the one we link (with its own checks and
   * events). No transaction spans that call (standalone's PGlite has one connection): the
   * submission is claimed with a conditional update first, linked afterwards, and released again
   * if the opportunity could not be created.
   */
  private async convertToOpportunity(auth: AuthContext, current: IntakeRecord, alreadyConverted: () => Error): Promise<void> {
    const staleBefore = new Date(Date.now() - STALE_CLAIM_MS);
    if (!(await this.submissions.claimForOpportunity(auth.organizationId, current.id, staleBefore))) throw alreadyConverted();
    try {
      // The submission is the idempotency key: a retry after a lost reply gets the same opportunity.
      const opportunity = await this.bus.request(StrategySubjects.opportunityCreate, {
        auth,
        body: { title: current.title, ...(current.description ? { description: opportunityDescription(current.description) } : {}) },
        sourceRef: `intake:${current.id}`,
      });
      await this.outbox.transaction(async (tx, events) => {
        await this.submissions.linkOpportunity(auth.organizationId, current.id, opportunity, tx);
        events.audit(auth, { action: 'converted', record: intakeRecord(current), changes: { opportunityId: { from: null, to: opportunity.id } } });
      });
    } catch (error) {
      await this.submissions.releaseOpportunityClaim(auth.organizationId, current.id);
      throw error;
    }
  }

  async listComments(auth: AuthContext, ref: string, query: CreationListQuery): Promise<Page<IntakeCommentResponse>> {
    assertCan(auth, Permission.Read);
    const current = await this.require(auth.organizationId, ref);
    return readCreationPage(query, (order, take) => this.comments.list(auth.organizationId, current.id, order, take), toIntakeCommentResponse);
  }

  async comment(auth: AuthContext, ref: string, dto: CreateIntakeCommentDto): Promise<IntakeCommentResponse> {
    assertCan(auth, Permission.IntakeSubmit);
    const current = await this.require(auth.organizationId, ref);
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.comments.create(auth.organizationId, { submissionId: current.id, authorId: auth.userId, body: dto.body }, tx);
      events.audit(auth, { action: 'commented', record: intakeRecord(current), changes: { comment: { from: null, to: auditText(dto.body) } } });
      return toIntakeCommentResponse(created);
    });
  }

  private require(organizationId: string, ref: string): Promise<IntakeRecord> {
    return requireByRef('Intake submission', ref, INTAKE_KEY_PREFIX, (valid) => this.submissions.findByRef(organizationId, valid));
  }

  private async lock(organizationId: string, id: string, tx: DeliveryTx): Promise<IntakeRecord> {
    const found = await this.submissions.lock(organizationId, id, tx);
    if (!found) throw new NotFoundError('Intake submission', id);
    return found;
  }

  private async load(organizationId: string, id: string, tx?: DeliveryTx): Promise<IntakeRecord> {
    const found = await this.submissions.find(organizationId, id, tx);
    if (!found) throw new NotFoundError('Intake submission', id);
    return found;
  }

  private async checkUsers(organizationId: string, fields: { assigneeId?: string | null; watcherIds?: string[] }): Promise<void> {
    const check = new ReferenceCheck();
    await checkUserIds(this.bus, organizationId, check, { known: { watcherIds: fields.watcherIds }, assigned: { assigneeId: fields.assigneeId } });
    check.throwIfAny();
  }
}

/** How the audit log names a submission. */
function intakeRecord(submission: { id: string; number?: number; key?: string }): AuditRecordRef {
  return { type: 'intake', id: submission.id, key: submission.key ?? (submission.number !== undefined ? `${INTAKE_KEY_PREFIX}-${submission.number}` : null) };
}
