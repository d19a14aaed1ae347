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
   * Everything linked to each of the work items (every id asked is in the answer), newest first
   * within each kind. Each kind is one statement joining its links, so an artifact and the reasons
   * it is linked are read at the same moment, for one item or a packet's page of them.
   */
  async forWorkItems(organizationId: string, workItemIds: readonly string[]): Promise<Map<string, LinkedArtifacts>> {
    const ids = [...new Set(workItemIds)];
    const [branches, commits, pullRequests] = await Promise.all([
      this.linked<BranchRow>(organizationId, ids, ArtifactKind.BRANCH, 'repos.branches', 'a.created_at DESC'),
      this.linked<CommitRow>(organizationId, ids, ArtifactKind.COMMIT, 'repos.commits', 'a.committed_at DESC NULLS LAST, a.created_at DESC'),
      this.linked<PullRequestRow>(organizationId, ids, ArtifactKind.PULL_REQUEST, 'repos.pull_requests', 'a.created_at DESC'),
    ]);
    const byItem = new Map<string, LinkedArtifacts>(ids.map((id) => [id, { branches: [], commits: [], pullRequests: [] }]));
    for (const row of branches) byItem.get(row.linked_work_item_id)?.branches.push(row);
    for (const row of commits) byItem.get(row.linked_work_item_id)?.commits.push(row);
    for (const row of pullRequests) byItem.get(row.linked_work_item_id)?.pullRequests.push(row);
    return byItem;
  }

  private linked<T>(organizationId: string, workItemIds: string[], kind: ArtifactKind, table: string, order: string): Promise<(T & LinkedRow)[]> {
    return this.db.sql.query<T & LinkedRow>(
      `SELECT a.*, l.linked_by, l.work_item_id AS linked_work_item_id
         FROM repos.artifact_links l JOIN ${table} a ON a.id = l.artifact_id AND a.organization_id = l.organization_id
        WHERE l.organization_id = $1::uuid AND l.work_item_id = ANY($2::uuid[]) AND l.artifact_kind = $3
        ORDER BY ${order}, a.id DESC`,
      [organizationId, workItemIds, kind],
      `repos_${kind.toLowerCase()}_of_items`,
    );
  }
}

/** Which work item the row was read for (an artifact linked to two of them comes once per item). */
interface LinkedRow {
  linked_work_item_id: string;
}

