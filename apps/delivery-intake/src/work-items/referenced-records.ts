/** The records of this context, besides other work items, that a work item names. */
export type ReferencedKind = 'label' | 'sprint';

/**
 * Which of the given ids name labels or sprints of the organization: those repositories'
 * `existingIds`, bound to this token in the module. sprints/ imports work-items/ (a completed
 * sprint carries its items over), so work-items/ names only this and the folders do not import
 * each other.
 */
export abstract class ReferencedRecords {
  abstract existingIds(organizationId: string, kind: ReferencedKind, ids: string[]): Promise<string[]>;
}
