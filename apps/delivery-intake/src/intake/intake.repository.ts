import { Inject, Injectable } from '@nestjs/common';
import { INTAKE_KEY_PREFIX, INTAKE_SORT, IntakeKind, IntakeSortField, IntakeStage, ModerationState, SortedRead, ValidRecordRef } from '@pds/contracts';
import { liveRow, nextKeyNumber, normalizeSearch, prismaSorted, searchSql } from '@pds/persistence';
import { DELIVERY_SCHEMA, DeliveryTx } from '../common/delivery.prisma';
import { isUniqueViolation, unlessDuplicate } from '../common/unique-violation';
import { Prisma, PrismaClient } from '../generated/delivery/client';
import { CONVERTING } from './intake.convert';
import { INTAKE_INCLUDE, IntakeRecord } from './intake.mapper';

/** The `where` of a submission by id or by its INT-n number. */
const byRef = (ref: ValidRecordRef) => (ref.kind === 'id' ? { id: ref.id } : { number: ref.number });

/** What an update of a submission sets. */
export interface IntakeChanges {
  stage?: IntakeStage;
  completedAt?: Date | null;
  assigneeId?: string | null;
  watcherIds?: string[];
  isPublic?: boolean;
  moderationState?: ModerationState;
  workItemId?: string;
}

export type NewIntake = Omit<Prisma.IntakeSubmissionUncheckedCreateInput, 'organizationId' | 'number'>;

/** The columns behind the list's sort fields: `key` is the number, `votes` the kept vote count. */
const SORT_FIELD: Record<IntakeSortField, string> = { key: 'number', createdAt: 'createdAt', updatedAt: 'updatedAt', votes: 'voteCount' };

/** Who votes: a user of the organization (API) or an e-mail address (portal). */
export type Voter = { userId: string } | { email: string };

/** What the portal's list is narrowed to. */
export interface PortalFilters {
  kind?: IntakeKind;
  stage?: IntakeStage;
  q?: string;
}

/** The portal's list orders, each with the position it reads after. */
export type PortalOrder = { by: 'number'; newestFirst: boolean; after?: number } | { by: 'votes'; after?: { count: number; number: number } };

/** Only public submissions that are not HIDDEN are seen, or voted for, on the portal. */
const VISIBLE = { isPublic: true, moderationState: { not: ModerationState.HIDDEN } } satisfies Prisma.IntakeSubmissionWhereInput;

/** Intake submissions with their votes and moderation reports; every query is scoped by organization id. */
@Injectable()
export class IntakeRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  /** In the order asked; the default (number) keeps its own keyset, the number being unique per organization. */
  list(organizationId: string, filters: { stage?: IntakeStage; kind?: IntakeKind }, order: SortedRead<IntakeSortField>, take: number): Promise<IntakeRecord[]> {
    const where: Prisma.IntakeSubmissionWhereInput = {
      organizationId,
      ...(filters.stage ? { stage: filters.stage } : {}),
      ...(filters.kind ? { kind: filters.kind } : {}),
    };
    if (INTAKE_SORT.isDefault(order.keys)) {
      if (order.after) where.number = { gt: order.after.values[0] as number };
      return this.prisma.intakeSubmission.findMany({ where, include: INTAKE_INCLUDE, orderBy: { number: 'asc' }, take });
    }
    const sorted = prismaSorted(order, INTAKE_SORT, (field) => SORT_FIELD[field]);
    return this.prisma.intakeSubmission.findMany({
      where: { ...where, AND: [sorted.where as Prisma.IntakeSubmissionWhereInput] },
      include: INTAKE_INCLUDE,
      orderBy: sorted.orderBy as Prisma.IntakeSubmissionOrderByWithRelationInput[],
      take,
    });
  }

  /**
   * The portal's list: visible submissions only, filtered, matched by text (case-insensitive, in the
   * title or the description, as the work-item list's `q`), by key number or most voted first.
   */
  async listVisible(organizationId: string, filters: PortalFilters, order: PortalOrder, take: number): Promise<IntakeRecord[]> {
    const where: Prisma.IntakeSubmissionWhereInput[] = [];
    if (filters.kind) where.push({ kind: filters.kind });
    if (filters.stage) where.push({ stage: filters.stage });
    if (filters.q) where.push({ id: { in: await this.visibleMatches(organizationId, filters, order, take) } });
    if (order.by === 'votes') {
      const { after } = order;
      if (after) where.push({ OR: [{ voteCount: { lt: after.count } }, { voteCount: after.count, number: { lt: after.number } }] });
      return this.prisma.intakeSubmission.findMany({ where: { organizationId, ...VISIBLE, AND: where }, include: INTAKE_INCLUDE, orderBy: [{ voteCount: 'desc' }, { number: 'desc' }], take });
    }
    const { newestFirst, after } = order;
    if (after !== undefined) where.push({ number: newestFirst ? { lt: after } : { gt: after } });
    return this.prisma.intakeSubmission.findMany({ where: { organizationId, ...VISIBLE, AND: where }, include: INTAKE_INCLUDE, orderBy: { number: newestFirst ? 'desc' : 'asc' }, take });
  }

  /**
   * The ids of the page `listVisible` shows for a text query: the search engine's match
   * (text-search.ts) in the page's order, so that Prisma then reads just those rows with their votes.
   */
  private async visibleMatches(organizationId: string, filters: PortalFilters, order: PortalOrder, take: number): Promise<string[]> {
    const params: unknown[] = [organizationId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [
      searchSql(normalizeSearch(filters.q ?? ''), { vector: 'search_vector', title: 'title', texts: ['description'], keyNumber: { column: 'number', prefix: INTAKE_KEY_PREFIX } }, param).match,
      `is_public AND moderation_state <> 'HIDDEN'`,
    ];
    if (filters.kind) where.push(`kind::text = ${param(filters.kind)}`);
    if (filters.stage) where.push(`stage::text = ${param(filters.stage)}`);
    let orderBy: string;
    if (order.by === 'votes') {
      if (order.after) where.push(`(vote_count, number) < (${param(order.after.count)}::int, ${param(order.after.number)}::int)`);
      orderBy = 'vote_count DESC, number DESC';
    } else {
      if (order.after !== undefined) where.push(`number ${order.newestFirst ? '<' : '>'} ${param(order.after)}::int`);
      orderBy = `number ${order.newestFirst ? 'DESC' : 'ASC'}`;
    }
    const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id FROM "${DELIVERY_SCHEMA}".intake_submissions WHERE organization_id = $1::uuid AND ${liveRow()} AND ${where.join(' AND ')} ORDER BY ${orderBy} LIMIT ${param(take)}`,
      ...params,
    );
    return rows.map((row) => row.id);
  }

  findByRef(organizationId: string, ref: ValidRecordRef): Promise<IntakeRecord | null> {
    return this.prisma.intakeSubmission.findFirst({ where: { organizationId, ...byRef(ref) }, include: INTAKE_INCLUDE });
  }

  async visibleId(organizationId: string, ref: ValidRecordRef): Promise<string | null> {
    const found = await this.prisma.intakeSubmission.findFirst({ where: { organizationId, ...VISIBLE, ...byRef(ref) }, select: { id: true } });
    return found?.id ?? null;
  }

  find(organizationId: string, id: string, tx: DeliveryTx = this.prisma): Promise<IntakeRecord | null> {
    return tx.intakeSubmission.findFirst({ where: { organizationId, id }, include: INTAKE_INCLUDE });
  }

  /** Takes the next INT-n of the organization inside the caller's transaction. */
  async create(organizationId: string, data: NewIntake, tx: DeliveryTx): Promise<IntakeRecord> {
    const number = await nextKeyNumber(tx, DELIVERY_SCHEMA, organizationId, 'intake');
    return tx.intakeSubmission.create({ data: { ...data, organizationId, number }, include: INTAKE_INCLUDE });
  }

  /** Locks the submission until the transaction ends and reads it (null: not in the organization). */
  async lock(organizationId: string, id: string, tx: DeliveryTx): Promise<IntakeRecord | null> {
    await tx.$queryRawUnsafe('SELECT id FROM delivery.intake_submissions WHERE organization_id = $1::uuid AND id = $2::uuid FOR UPDATE', organizationId, id);
    return this.find(organizationId, id, tx);
  }

  async update(organizationId: string, id: string, data: IntakeChanges, tx: DeliveryTx): Promise<void> {
    await tx.intakeSubmission.update({ where: { id, organizationId }, data: { ...data, updatedAt: new Date() }, select: { id: true } });
  }

  /** Settles every open report of the submission. */
  async resolveReports(organizationId: string, submissionId: string, tx: DeliveryTx): Promise<void> {
    await tx.intakeReport.updateMany({ where: { organizationId, submissionId, resolvedAt: null }, data: { resolvedAt: new Date() } });
  }

  /** Open reports of the submission (of one reporter, when given). */
  openReports(organizationId: string, submissionId: string, reporterId: string | undefined, tx: DeliveryTx): Promise<number> {
    return tx.intakeReport.count({ where: { organizationId, submissionId, resolvedAt: null, ...(reporterId ? { reporterId } : {}) } });
  }

  async addReport(
    organizationId: string,
    data: Omit<Prisma.IntakeReportUncheckedCreateInput, 'organizationId'>,
    tx: DeliveryTx,
  ): Promise<void> {
    await tx.intakeReport.create({ data: { ...data, organizationId }, select: { id: true } });
  }

  /** False when this voter has voted for the submission already (a unique index decides). */
  async addVote(organizationId: string, submissionId: string, voter: Voter, tx: DeliveryTx = this.prisma): Promise<boolean> {
    // Looked up first: inside a transaction a refused insert would abort the rest of it.
    if ('userId' in voter && (await tx.intakeVote.findFirst({ where: { organizationId, submissionId, userId: voter.userId }, select: { id: true } }))) return false;
    return (await unlessDuplicate(tx.intakeVote.create({ data: { organizationId, submissionId, ...voter }, select: { id: true } }))) !== null;
  }

  /**
   * A portal vote: one per normalized e-mail address, and one per client address within the window
   * (the address lock makes two concurrent votes from one address count once).
   */
  async addPortalVote(
    organizationId: string,
    submissionId: string,
    email: string,
    addressHash: string,
    windowStart: Date,
    tx: DeliveryTx,
  ): Promise<'added' | 'email' | 'address'> {
    try {
      return await (async () => {
        await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', `${organizationId}/vote/${submissionId}/${addressHash}`);
        if (await tx.intakeVote.findFirst({ where: { organizationId, submissionId, email }, select: { id: true } })) return 'email';
        const recent = await tx.intakeVote.findFirst({ where: { organizationId, submissionId, addressHash, createdAt: { gt: windowStart } }, select: { id: true } });
        if (recent) return 'address';
        await tx.intakeVote.create({ data: { organizationId, submissionId, email, addressHash }, select: { id: true } });
        return 'added';
      })();
    } catch (error) {
      // The same address from two client addresses at once: the unique index decides.
      if (isUniqueViolation(error)) return 'email';
      throw error;
    }
  }

  /** False when the user had no vote on the submission. */
  async removeVote(organizationId: string, submissionId: string, userId: string, tx: DeliveryTx = this.prisma): Promise<boolean> {
    const { count } = await tx.intakeVote.deleteMany({ where: { organizationId, submissionId, userId } });
    return count > 0;
  }

  /**
   * Claims the submission for a conversion into an opportunity; false when it is converted, or
   * being converted, already. A claim older than `staleBefore` belongs to a conversion that died
   * between claim and link (a crash): it is taken over, which is safe because the opportunity
   * creation is idempotent on the submission.
   */
  async claimForOpportunity(organizationId: string, id: string, staleBefore: Date): Promise<boolean> {
    const { count } = await this.prisma.intakeSubmission.updateMany({
      where: {
        organizationId,
        id,
        workItemId: null,
        opportunityId: null,
        OR: [{ opportunityKey: null }, { opportunityKey: CONVERTING, updatedAt: { lt: staleBefore } }],
      },
      data: { opportunityKey: CONVERTING, updatedAt: new Date() },
    });
    return count > 0;
  }

  async linkOpportunity(organizationId: string, id: string, opportunity: { id: string; key: string }, tx: DeliveryTx = this.prisma): Promise<void> {
    await tx.intakeSubmission.updateMany({
      where: { organizationId, id },
      data: { opportunityId: opportunity.id, opportunityKey: opportunity.key, updatedAt: new Date() },
    });
  }

  async releaseOpportunityClaim(organizationId: string, id: string): Promise<void> {
    await this.prisma.intakeSubmission.updateMany({ where: { organizationId, id, opportunityKey: CONVERTING }, data: { opportunityKey: null } });
  }
}

