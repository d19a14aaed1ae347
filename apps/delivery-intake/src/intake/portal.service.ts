import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  INTAKE_KEY_PREFIX,
  IntakeSubmissionResponse,
  ListQuery,
  ModerationState,
  NotFoundError,
  Page,
  PortalIntakeDto,
  PublicIntakeResponse,
  parseRecordRef,
} from '@pds/contracts';
import { pageRequest, toPage } from '@pds/persistence';
import { isUniqueViolation } from '../common/unique-violation';
import { Prisma, PrismaClient } from '../generated/delivery/client';
import { INTAKE_INCLUDE, toIntakeResponse } from './intake.mapper';
import { IntakeService } from './intake.service';

/** The public face of a submission: no submitter, contact data, assignee, watchers or moderation. */
export function toPublicIntake(s: IntakeSubmissionResponse): PublicIntakeResponse {
  return {
    id: s.id,
    key: s.key,
    kind: s.kind,
    title: s.title,
    description: s.description,
    stage: s.stage,
    votes: s.votes,
    viaPortal: s.viaPortal,
    completedAt: s.completedAt,
    createdAt: s.createdAt,
  };
}

/** Only public submissions that are not HIDDEN are seen, or voted for, on the portal. */
const VISIBLE: Prisma.IntakeSubmissionWhereInput = { isPublic: true, moderationState: { not: ModerationState.HIDDEN } };

/** The public intake portal; the gateway has resolved the organization from an enabled portal's slug. */
@Injectable()
export class PortalService {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(IntakeService) private readonly intake: IntakeService,
  ) {}

  async list(organizationId: string, query: ListQuery): Promise<Page<PublicIntakeResponse>> {
    const { limit, after } = pageRequest(query, 'number');
    const afterNumber = after ? Number(after.sortValue) : undefined;
    const rows = await this.prisma.intakeSubmission.findMany({
      where: { organizationId, ...VISIBLE, ...(Number.isInteger(afterNumber) ? { number: { gt: afterNumber } } : {}) },
      include: INTAKE_INCLUDE,
      orderBy: { number: 'asc' },
      take: limit + 1,
    });
    return toPage(rows, limit, (row) => toPublicIntake(toIntakeResponse(row)), (row) => String(row.number));
  }

  async submit(organizationId: string, dto: PortalIntakeDto): Promise<PublicIntakeResponse> {
    const { submitterName, submitterEmail, ...fields } = dto;
    const created = await this.intake.submit(organizationId, fields, {
      userId: null,
      viaPortal: true,
      name: submitterName,
      email: submitterEmail.toLowerCase(),
    });
    return toPublicIntake(created);
  }

  /** One vote per e-mail address (409 on a second). */
  async vote(organizationId: string, ref: string, email: string): Promise<PublicIntakeResponse> {
    const parsed = parseRecordRef(ref, INTAKE_KEY_PREFIX);
    const where: Prisma.IntakeSubmissionWhereInput | undefined =
      parsed.kind === 'id' ? { id: parsed.id } : parsed.kind === 'key' ? { number: parsed.number } : undefined;
    const found = where ? await this.prisma.intakeSubmission.findFirst({ where: { organizationId, ...VISIBLE, ...where }, select: { id: true } }) : null;
    if (!found) throw new NotFoundError('Intake submission', ref);
    try {
      await this.prisma.intakeVote.create({ data: { organizationId, submissionId: found.id, email: email.toLowerCase() } });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('This address has voted for the submission already');
      throw error;
    }
    const record = await this.prisma.intakeSubmission.findFirstOrThrow({ where: { organizationId, id: found.id }, include: INTAKE_INCLUDE });
    return toPublicIntake(toIntakeResponse(record));
  }
}
