import { Inject, Injectable } from '@nestjs/common';
import type { LinkedBy } from '@pds/contracts';
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
/** Which table holds each kind. */
const TABLES: Record<ArtifactKind, string> = { BRANCH: 'repos.branches', COMMIT: 'repos.commits', PULL_REQUEST: 'repos.pull_requests' };

/** Which work item the row was read for (an artifact linked to two of them comes once per item), and its place in the list. */
export interface LinkedRow {
  linked_work_item_id: string;
  /** The link's copy of the artifact's time (artifact_links.artifact_at): what the list is ordered and paged by. */
  artifact_at: Date | string;
}

/** Rows after this (artifact_at, artifact id), newest first. */
export interface ArtifactPosition {
  at: string;
  id: string;
}

/** Reads of the artifacts linked to work items (processing/'s ArtifactBatchRepository writes them). */
@Injectable()
export class ArtifactRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Up to `take` artifacts of one kind per work item, newest first, after `after` when given.
   * Each item's page is one range of `artifact_links_work_item_page_idx` joined to the artifacts
   * by primary key, so its cost follows the page, not how many artifacts the item has. An artifact
   * and the reasons it is linked are read in one statement, at the same moment.
   */
  page<T>(organizationId: string, workItemIds: readonly string[], kind: ArtifactKind, take: number, after?: ArtifactPosition): Promise<(T & LinkedRow)[]> {
    const params: unknown[] = [organizationId, [...new Set(workItemIds)], kind, take];
    const afterCondition = after ? `AND (l.artifact_at, l.artifact_id) < ($${params.push(after.at)}::timestamptz, $${params.push(after.id)}::uuid)` : '';
    return this.db.sql.query<T & LinkedRow>(
      `SELECT x.* FROM unnest($2::uuid[]) AS w(id) CROSS JOIN LATERAL (
         SELECT a.*, l.linked_by, l.work_item_id AS linked_work_item_id, l.artifact_at
           FROM repos.artifact_links l JOIN ${TABLES[kind]} a ON a.id = l.artifact_id AND a.organization_id = l.organization_id
          WHERE l.organization_id = $1::uuid AND l.work_item_id = w.id AND l.artifact_kind = $3 ${afterCondition}
          ORDER BY l.artifact_at DESC, l.artifact_id DESC
          LIMIT $4) x
        ORDER BY x.linked_work_item_id, x.artifact_at DESC, x.id DESC`,
      params,
      `repos_${kind.toLowerCase()}_page${after ? '_after' : ''}`,
    );
  }

  /** How many artifacts of each kind are linked to each of the (work item, kind) pairs asked: `workItemId/KIND` → count. */
  async counts(organizationId: string, pairs: readonly { workItemId: string; kind: ArtifactKind }[]): Promise<Map<string, number>> {
    if (pairs.length === 0) return new Map();
    const rows = await this.db.sql.query<{ work_item_id: string; artifact_kind: string; n: number }>(
      `SELECT l.work_item_id, l.artifact_kind, count(*)::int AS n
         FROM unnest($2::uuid[], $3::text[]) AS p(work_item_id, kind)
         JOIN repos.artifact_links l ON l.organization_id = $1::uuid AND l.work_item_id = p.work_item_id AND l.artifact_kind = p.kind
        GROUP BY l.work_item_id, l.artifact_kind`,
      [organizationId, pairs.map((p) => p.workItemId), pairs.map((p) => p.kind)],
      'repos_artifact_counts',
    );
    return new Map(rows.map((row) => [`${row.work_item_id}/${row.artifact_kind}`, row.n]));
  }
}
