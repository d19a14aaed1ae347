import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, IntakeSubmissionResponse, ListQuery, NotFoundError, Page, PortalIntakeDto, PublicIntakeResponse } from '@pds/contracts';
import { pageRequest, toPage } from '@pds/persistence';
import { toIntakeResponse } from './intake.mapper';
import { IntakeRepository } from './intake.repository';
import { IntakeService, intakeRef } from './intake.service';

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

/** The public intake portal; the gateway has resolved the organization from an enabled portal's slug. */
@Injectable()
export class PortalService {
  constructor(
    @Inject(IntakeRepository) private readonly submissions: IntakeRepository,
    @Inject(IntakeService) private readonly intake: IntakeService,
  ) {}

  async list(organizationId: string, query: ListQuery): Promise<Page<PublicIntakeResponse>> {
    const { limit, after } = pageRequest(query, 'number');
    const afterNumber = after ? Number(after.sortValue) : undefined;
    const rows = await this.submissions.listVisible(organizationId, Number.isInteger(afterNumber) ? afterNumber : undefined, limit + 1);
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
    const where = intakeRef(ref);
    const id = where ? await this.submissions.visibleId(organizationId, where) : null;
    if (!id) throw new NotFoundError('Intake submission', ref);
    if (!(await this.submissions.addVote(organizationId, id, { email: email.toLowerCase() }))) {
      throw new ConflictError('This address has voted for the submission already');
    }
    const record = await this.submissions.find(organizationId, id);
    if (!record) throw new NotFoundError('Intake submission', ref);
    return toPublicIntake(toIntakeResponse(record));
  }
}
