/**
 * Which of the given ids name sprints of the organization: the sprint repository's `existingIds`,
 * bound to this token in the module. sprints/ imports work-items/ (a completed sprint carries its
 * items over), so work-items/ names only this and the folders do not import each other.
 */
export abstract class SprintIds {
  abstract existingIds(organizationId: string, ids: string[]): Promise<string[]>;
}
