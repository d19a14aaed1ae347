import { Inject, Injectable } from '@nestjs/common';
import {
  AuditActorType,
  AuditSource,
  AuditVia,
  ConflictError,
  EncodedJson,
  IntakeKind,
  IntakeStage,
  IntakeSubmissionResponse,
  INTAKE_KEY_PREFIX,
  PORTAL_DESCRIPTION_PREVIEW,
  Page,
  PortalIntakeDto,
  PortalListQuery,
  PortalSort,
  PublicIntakeResponse,
  countNumberSortValue,
  formatKey,
  normalizeEmail,
} from '@pds/contracts';
import { countNumberAfter, encodePage, keyNumberAfter, readPage, requireByRef } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { toIntakeResponse } from './intake.mapper';
import { IntakeRepository, PortalListRow } from './intake.repository';
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

/** A row of the portal's list as the public sees it (toPublicIntake's fields, in its order). */
function toPublicListed(row: PortalListRow): PublicIntakeResponse {
  return {
    id: row.id,
    key: formatKey(INTAKE_KEY_PREFIX, row.number),
    kind: row.kind as IntakeKind,
    title: row.title,
    description: row.description,
    stage: row.stage as IntakeStage,
    votes: row.vote_count,
    viaPortal: row.via_portal,
    completedAt: row.completed_at,
    createdAt: row.created_at,
  };
}

/** A client address votes once per submission within this window. */
const VOTE_ADDRESS_WINDOW_MS = 24 * 3600_000;

/** Lists carry the start of a description; the single read has the whole text. */
function previewOf(submission: PublicIntakeResponse): PublicIntakeResponse {
  const { description } = submission;
  if (!description || description.length <= PORTAL_DESCRIPTION_PREVIEW) return submission;
  return { ...submission, description: `${description.slice(0, PORTAL_DESCRIPTION_PREVIEW - 1)}…` };
}

/** The public intake portal; the gateway has resolved the organization from an enabled portal's slug. */
/** The portal's visitors as the audit log names them: no user, no key, no contact data. */
const PORTAL_VISITOR = (organizationId: string): AuditSource => ({ organizationId, actor: AuditActorType.PORTAL, via: AuditVia.PORTAL });

@Injectable()
export class PortalService {
  constructor(
    @Inject(IntakeRepository) private readonly submissions: IntakeRepository,
    @Inject(IntakeService) private readonly intake: IntakeService,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  /**
   * Most voted first (ties newest first), newest first, or without `sort` in key order as the list
   * always was; filtered and searched. As JSON text: both edges (the JSON list and the page) take
   * it as it comes, without parsing it.
   */
  async list(organizationId: string, query: PortalListQuery): Promise<EncodedJson<Page<PublicIntakeResponse>>> {
    return encodePage(await this.page(organizationId, query));
  }

  private async page(organizationId: string, query: PortalListQuery): Promise<Page<PublicIntakeResponse>> {
    const { kind, stage, q } = query;
    const map = (row: PortalListRow) => previewOf(toPublicListed(row));
    if (query.sort === PortalSort.votes) {
      return readPage(
        query,
        (after, take) => this.submissions.listVisible(organizationId, { kind, stage, q }, { by: 'votes', after: countNumberAfter(after) }, take),
        map,
        (row) => countNumberSortValue(row.vote_count, row.number),
        'count-number',
      );
    }
    return readPage(
      query,
      (after, take) => this.submissions.listVisible(organizationId, { kind, stage, q }, { by: 'number', newestFirst: query.sort === PortalSort.newest, after: keyNumberAfter(after) }, take),
      map,
      (row) => String(row.number),
      'number',
    );
  }

  async submit(organizationId: string, dto: PortalIntakeDto): Promise<PublicIntakeResponse> {
    const { submitterName, submitterEmail, ...fields } = dto;
    const created = await this.intake.submit(PORTAL_VISITOR(organizationId), fields, {
      userId: null,
      viaPortal: true,
      name: submitterName,
      email: submitterEmail.toLowerCase(),
    });
    return toPublicIntake(created);
  }

  /** One public submission with its whole description. */
  async get(organizationId: string, ref: string): Promise<PublicIntakeResponse> {
    return toPublicIntake(toIntakeResponse(await this.visible(organizationId, ref)));
  }

  /**
   * One vote per e-mail address, normalized (`Pat+news@Example.com` is `pat@example.com`), and one
   * per client address and submission within a day: 409 for either.
   */
  async vote(organizationId: string, ref: string, email: string, addressHash: string): Promise<PublicIntakeResponse> {
    const { id, number } = await this.visible(organizationId, ref);
    const windowStart = new Date(Date.now() - VOTE_ADDRESS_WINDOW_MS);
    await this.outbox.transaction(async (tx, events) => {
      const outcome = await this.submissions.addPortalVote(organizationId, id, normalizeEmail(email), addressHash, windowStart, tx);
      if (outcome === 'email') throw new ConflictError('This e-mail address has voted for the submission already');
      if (outcome === 'address') throw new ConflictError('A vote from this network address was counted for the submission in the last 24 hours');
      // The voter's address is contact data: the entry says a portal vote was counted, not whose.
      events.audit(PORTAL_VISITOR(organizationId), { action: 'voted', record: { type: 'intake', id, key: `${INTAKE_KEY_PREFIX}-${number}` } });
    });
    return toPublicIntake(toIntakeResponse(await this.visible(organizationId, ref)));
  }

  private visible(organizationId: string, ref: string) {
    return requireByRef('Intake submission', ref, INTAKE_KEY_PREFIX, async (valid) => {
      const id = await this.submissions.visibleId(organizationId, valid);
      return id ? this.submissions.find(organizationId, id) : null;
    });
  }
}
