import { Inject, Injectable } from '@nestjs/common';
import { LinkedBy } from '@pds/contracts';
import { DATABASE, Database } from '@pds/persistence';

export const ArtifactKind = Object.freeze({ BRANCH: 'BRANCH', COMMIT: 'COMMIT', PULL_REQUEST: 'PULL_REQUEST' });
export type ArtifactKind = (typeof ArtifactKind)[keyof typeof ArtifactKind];

interface ArtifactRow {
  id: string;
  organization_id: string;
  connection_id: string;
  provider: string;
  repository: string;
  created_at: Date;
  linked_by: LinkedBy[];
}
export interface BranchRow extends ArtifactRow {
  name: string;
  url: string;
  last_commit_sha: string | null;
  deleted_at: Date | null;
}
export interface CommitRow extends ArtifactRow {
  sha: string;
  short_sha: string;
  message: string;
  url: string;
  author_name: string | null;
  committed_at: Date | null;
}
export interface PullRequestRow extends ArtifactRow {
  number: number;
  title: string;
  url: string;
  state: string;
  source_branch: string;
  target_branch: string;
  author_login: string | null;
  merged_at: Date | null;
}
export interface LinkedArtifacts {
  branches: BranchRow[];
  commits: CommitRow[];
  pullRequests: PullRequestRow[];
}

/** Reads of the artifacts linked to work items (processing/'s ArtifactBatchRepository writes them). */
@Injectable()
export class ArtifactRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Everything linked to one work item, newest first within each kind. Each kind is one statement
   * joining its links, so an artifact and the reasons it is linked are read at the same moment.
   */
  async forWorkItem(organizationId: string, workItemId: string): Promise<LinkedArtifacts> {
    const [branches, commits, pullRequests] = await Promise.all([
      this.linked<BranchRow>(organizationId, workItemId, ArtifactKind.BRANCH, 'repos.branches', 'a.created_at DESC'),
      this.linked<CommitRow>(organizationId, workItemId, ArtifactKind.COMMIT, 'repos.commits', 'a.committed_at DESC NULLS LAST, a.created_at DESC'),
      this.linked<PullRequestRow>(organizationId, workItemId, ArtifactKind.PULL_REQUEST, 'repos.pull_requests', 'a.created_at DESC'),
    ]);
    return { branches, commits, pullRequests };
  }

  private linked<T>(organizationId: string, workItemId: string, kind: ArtifactKind, table: string, order: string): Promise<T[]> {
    return this.db.sql.query<T>(
      `SELECT a.*, l.linked_by FROM repos.artifact_links l JOIN ${table} a ON a.id = l.artifact_id AND a.organization_id = l.organization_id
        WHERE l.organization_id = $1::uuid AND l.work_item_id = $2::uuid AND l.artifact_kind = $3
        ORDER BY ${order}, a.id DESC`,
      [organizationId, workItemId, kind],
      `repos_${kind.toLowerCase()}_of_item`,
    );
  }
}
