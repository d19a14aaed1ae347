import {
  INTAKE_KEY_PREFIX,
  IntakeCommentResponse,
  IntakeKind,
  IntakeStage,
  IntakeSubmissionResponse,
  ModerationState,
  ReportReason,
  ReporterSource,
  WORK_ITEM_KEY_PREFIX,
  WorkItemStatus,
  formatKey,
} from '@pds/contracts';
import type { Prisma } from '../generated/delivery/client';

/**
 * What every read of a submission loads: the live work item and the open reports. The vote count
 * is the row's own `vote_count` (kept by a trigger): Prisma's `_count` of votes joined a count of
 * the whole intake_votes table, grouped, into every read (the query-plans test found it).
 */
export const INTAKE_INCLUDE = {
  workItem: { select: { number: true, status: true } },
  reports: { where: { resolvedAt: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
} satisfies Prisma.IntakeSubmissionInclude;

export type IntakeRecord = Prisma.IntakeSubmissionGetPayload<{ include: typeof INTAKE_INCLUDE }>;

export function toIntakeResponse(record: IntakeRecord): IntakeSubmissionResponse {
  return {
    id: record.id,
    key: formatKey(INTAKE_KEY_PREFIX, record.number),
    kind: record.kind as IntakeKind,
    title: record.title,
    description: record.description,
    source: record.source as ReporterSource | null,
    stage: record.stage as IntakeStage,
    submittedById: record.submittedById,
    assigneeId: record.assigneeId,
    workItemId: record.workItemId,
    workItemKey: record.workItem ? formatKey(WORK_ITEM_KEY_PREFIX, record.workItem.number) : null,
    workItemStatus: (record.workItem?.status as WorkItemStatus | undefined) ?? null,
    opportunityId: record.opportunityId,
    // A key without an id is a conversion under way (see intake.convert.ts), not a link yet.
    opportunityKey: record.opportunityId ? record.opportunityKey : null,
    viaPortal: record.viaPortal,
    isPublic: record.isPublic,
    moderationState: record.moderationState as ModerationState,
    openReportCount: record.reports.length,
    moderationReports: record.reports.map((r) => ({
      id: r.id,
      reason: r.reason as ReportReason,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    votes: record.voteCount,
    submitterName: record.submitterName,
    submitterEmail: record.submitterEmail,
    completedAt: record.completedAt?.toISOString() ?? null,
    watcherIds: record.watcherIds,
    createdAt: record.createdAt.toISOString(),
  };
}

/** `intake.created` carries no contact data of the submitter, not even as null. */
export function toIntakeEventData(response: IntakeSubmissionResponse): Omit<IntakeSubmissionResponse, 'submitterName' | 'submitterEmail'> {
  const { submitterName: _name, submitterEmail: _email, ...rest } = response;
  return rest;
}

export function toIntakeCommentResponse(record: { id: string; submissionId: string; authorId: string; body: string; createdAt: Date }): IntakeCommentResponse {
  return { id: record.id, intakeId: record.submissionId, authorId: record.authorId, body: record.body, createdAt: record.createdAt.toISOString() };
}
