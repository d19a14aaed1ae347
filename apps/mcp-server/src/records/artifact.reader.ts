import { Injectable } from '@nestjs/common';
import type { AuthContext } from '@pds/contracts';

export interface WorkItemArtifacts {
  branches: unknown[];
  commits: unknown[];
  pullRequests: unknown[];
}

/**
 * Repository artifacts of a work item. The seam to the repository context: until its read subject
 * (`RepoSubjects.workItemArtifacts`) is on main this answers empty lists.
 */
@Injectable()
export class ArtifactReader {
  async forWorkItem(_auth: AuthContext, _workItemId: string): Promise<WorkItemArtifacts> {
    return { branches: [], commits: [], pullRequests: [] };
  }
}
