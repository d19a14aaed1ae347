import { Inject, Injectable } from '@nestjs/common';
import { INTAKE_KEY_PREFIX, INTAKE_SORT, IntakeKind, IntakeSortField, IntakeStage, ModerationState, SortedRead, ValidRecordRef } from '@pds/contracts';
import { DATABASE, Database, liveRow, newestEdgeSql, nextKeyNumber, normalizeSearch, prismaSorted, searchSql, statementName, wordless } from '@pds/persistence';
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

/**
 * VISIBLE in SQL: with the live-row filter the statement names itself, the portal indexes'
 * predicate (migration 20261127093000_portal_list_indexes), so that PostgreSQL sees the query implies it.
 */
const VISIBLE_SQL = `s.is_public AND s.moderation_state <> 'HIDDEN'::delivery."ModerationState"`;

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A row of the portal's list: only what the public sees, in wire types (ISO strings). */
export interface PortalListRow {
  id: string;
  number: number;
  kind: string;
  title: string;
  description: string | null;
  stage: string;
  vote_count: number;
  via_portal: boolean;
  completed_at: string | null;
  created_at: string;
}

const PORTAL_LIST_COLUMNS = `s.id, s.number, s.kind::text AS kind, s.title, s.description, s.stage::text AS stage, s.vote_count, s.via_portal,
  to_char(s.completed_at AT TIME ZONE 'UTC', ${ISO}) AS completed_at, to_char(s.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at`;

/**
 * The portal's text match: the service's search engine (text-search.ts) over the title and the
 * description, or the exact key. `param` adds a value and answers its `$n`. A query of no word, an
 * unindexed substring, is matched among the submissions numbered above `newestEdge` only (wordless;
 * IntakeRepository.newestEdge): the portal is public, and such a text would read every submission
 * of the organization.
 */
export function portalTextMatch(q: string, param: (value: unknown) => string, newestEdge = 0): string {
  const columns = { vector: 's.search_vector', title: 's.title', texts: ['s.description'], keyNumber: { column: 's.number', prefix: INTAKE_KEY_PREFIX } };
  const search = normalizeSearch(q);
  const match = searchSql(search, columns, param).match;
  return wordless(search) && newestEdge > 0 ? `(${match} AND s.number > ${param(newestEdge)}::int)` : match;
}

/** The submission number NEWEST_WALK submissions back (newestEdgeSql). */
const NEWEST_EDGE = `SELECT ${newestEdgeSql('delivery.intake_submissions', '$1::uuid', 'number', '0')} AS edge`;

/** Intake submissions with their votes and moderation reports; every query is scoped by organization id. */
@Injectable()
export class IntakeRepository {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

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
   * The portal's list: visible submissions only, filtered, matched by text (portalTextMatch), by key
   * number or most voted first. One hand-written statement (the list page's hot path, see
   * docs/benchmarks.md): only the columns the public sees, the kept vote count instead of counting
   * votes, and no work item or reports; each order walks a partial index of the visible rows from
   * its keyset position (a row comparison PostgreSQL turns into the index scan's start).
   */
  /** The submission number NEWEST_WALK submissions back in the organization (0 when it has fewer). */
  private async newestEdge(organizationId: string): Promise<number> {
    const [row] = await this.db.sql.query<{ edge: number }>(NEWEST_EDGE, [organizationId], 'intake_newest_edge');
    return row.edge;
  }

  async listVisible(organizationId: string, filters: PortalFilters, order: PortalOrder, take: number): Promise<PortalListRow[]> {
    const params: unknown[] = [organizationId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [VISIBLE_SQL];
    // Compared as the enum, the values validated names passed as text (PGlite has no enum parameters).
    if (filters.kind) where.push(`s.kind = ${param(filters.kind)}::text::delivery."IntakeKind"`);
    if (filters.stage) where.push(`s.stage = ${param(filters.stage)}::text::delivery."IntakeStage"`);
    // A query of no word is bounded by a value read first: as a subquery PostgreSQL planned without it.
    if (filters.q) where.push(portalTextMatch(filters.q, param, wordless(normalizeSearch(filters.q)) ? await this.newestEdge(organizationId) : 0));
    let orderBy: string;
    if (order.by === 'votes') {
      if (order.after) where.push(`(s.vote_count, s.number) < (${param(order.after.count)}::int, ${param(order.after.number)}::int)`);
      orderBy = 's.vote_count DESC, s.number DESC';
    } else {
      if (order.after !== undefined) where.push(`s.number ${order.newestFirst ? '<' : '>'} ${param(order.after)}::int`);
      orderBy = order.newestFirst ? 's.number DESC' : 's.number';
    }
    const sql = `SELECT ${PORTAL_LIST_COLUMNS} FROM delivery.intake_submissions s WHERE s.organization_id = $1::uuid AND ${liveRow('s')} AND ${where.join(' AND ')} ORDER BY ${orderBy} LIMIT ${Number(take)}`;
    return this.db.sql.query<PortalListRow>(sql, params, statementName(sql));
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
    await tx.$queryRawUnsafe(`SELECT id FROM delivery.intake_submissions WHERE organization_id = $1::uuid AND id = $2::uuid AND ${liveRow()} FOR UPDATE`, organizationId, id);
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

