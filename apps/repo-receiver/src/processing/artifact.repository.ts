import { Inject, Injectable } from '@nestjs/common';
import { LinkedBy } from '@pds/contracts';
import { DATABASE, Database, SqlExecutor } from '@pds/persistence';

export const ArtifactKind = Object.freeze({ BRANCH: 'BRANCH', COMMIT: 'COMMIT', PULL_REQUEST: 'PULL_REQUEST' });
export type ArtifactKind = (typeof ArtifactKind)[keyof typeof ArtifactKind];

export type ArtifactTx = SqlExecutor;

/** Where an artifact came from: copied onto each so it outlives its connection. */
export interface ArtifactOrigin {
  organizationId: string;
  connectionId: string;
  provider: string;
  repository: string;
}

export interface BranchWrite extends ArtifactOrigin {
  name: string;
  url: string;
  lastCommitSha: string | null;
}

export interface CommitWrite extends ArtifactOrigin {
  sha: string;
  shortSha: string;
  message: string;
  url: string;
  authorName: string | null;
  committedAt: string | null;
}

export interface PullRequestWrite extends ArtifactOrigin {
  number: number;
  title: string;
  url: string;
  state: string;
  sourceBranch: string;
  targetBranch: string;
  authorLogin: string | null;
  mergedAt: string | null;
}

export interface NewLink {
  organizationId: string;
  workItemId: string;
  kind: ArtifactKind;
  artifactId: string;
  linkedBy: LinkedBy[];
}

/** How the batch writes below name an artifact in their answers: its connection and natural key. */
export function artifactRef(connectionId: string, natural: string | number): string {
  return `${connectionId}/${natural}`;
}

/** The last of each key: one statement may not upsert the same row twice. */
function lastByKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

const col = <T, K extends keyof T>(rows: readonly T[], field: K): T[K][] => rows.map((row) => row[field]);

/**
 * Branches, commits, pull requests and their work-item links, written set-based for a batch of
 * deliveries (one statement per kind, `unnest` of column arrays). A batch may span organizations:
 * every row carries its organization_id, conflicting rows are only updated within the same
 * organization, and reads match on it.
 */
@Injectable()
export class ArtifactRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** tenant-scope: no tenant data. The transaction itself; every statement in it names the organization of each row. */
  transaction<T>(fn: (tx: ArtifactTx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** tenant-scope: all organizations (each row names its own). A push that deleted its branch: the row stays, marked. */
  async markBranchesDeleted(branches: readonly Omit<BranchWrite, 'url' | 'lastCommitSha'>[], tx: ArtifactTx): Promise<void> {
    if (branches.length === 0) return;
    await tx.query(
      `UPDATE repos.branches b SET deleted_at = now(), updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS w(organization_id, connection_id, name)
        WHERE b.organization_id = w.organization_id AND b.connection_id = w.connection_id AND b.name = w.name AND b.deleted_at IS NULL`,
      [col(branches, 'organizationId'), col(branches, 'connectionId'), col(branches, 'name')],
      'repos_branches_delete',
    );
  }

  /**
   * tenant-scope: all organizations (each row names its own). Pushes to branches: created or
   * brought back (a re-created branch is no longer deleted). Returns ids by `artifactRef(connection, name)`.
   */
  async upsertBranches(given: readonly BranchWrite[], tx: ArtifactTx): Promise<Map<string, string>> {
    const branches = lastByKey(given, (b) => artifactRef(b.connectionId, b.name));
    if (branches.length === 0) return new Map();
    const rows = await tx.query<{ id: string; connection_id: string; name: string }>(
      `INSERT INTO repos.branches (id, organization_id, connection_id, provider, repository, name, url, last_commit_sha)
       SELECT gen_random_uuid(), b.organization_id, b.connection_id, b.provider, b.repository, b.name, b.url, b.last_commit_sha
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
              AS b(organization_id, connection_id, provider, repository, name, url, last_commit_sha)
       ON CONFLICT (connection_id, name) DO UPDATE
          SET url = EXCLUDED.url, deleted_at = NULL, updated_at = now(),
              last_commit_sha = COALESCE(EXCLUDED.last_commit_sha, repos.branches.last_commit_sha)
        WHERE repos.branches.organization_id = EXCLUDED.organization_id
       RETURNING id, connection_id, name`,
      [
        col(branches, 'organizationId'),
        col(branches, 'connectionId'),
        col(branches, 'provider'),
        col(branches, 'repository'),
        col(branches, 'name'),
        col(branches, 'url'),
        col(branches, 'lastCommitSha'),
      ],
      'repos_branches_upsert',
    );
    return new Map(rows.map((r) => [artifactRef(r.connection_id, r.name), r.id]));
  }

  /**
   * tenant-scope: all organizations (each row names its own). Commits never change: the first
   * delivery that lists one stores it. Returns ids by `artifactRef(connection, sha)`, read in a
   * second statement so that a commit another transaction stored meanwhile is found too.
   */
  async insertCommits(given: readonly CommitWrite[], tx: ArtifactTx): Promise<Map<string, string>> {
    const commits = lastByKey(given, (c) => artifactRef(c.connectionId, c.sha));
    if (commits.length === 0) return new Map();
    const keys = [col(commits, 'organizationId'), col(commits, 'connectionId'), col(commits, 'sha')];
    await tx.query(
      `INSERT INTO repos.commits (id, organization_id, connection_id, provider, repository, sha, short_sha, message, url, author_name, committed_at)
       SELECT gen_random_uuid(), c.organization_id, c.connection_id, c.provider, c.repository, c.sha, c.short_sha, c.message, c.url, c.author_name, c.committed_at
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
              AS c(organization_id, connection_id, sha, provider, repository, short_sha, message, url, author_name, committed_at)
       ON CONFLICT (connection_id, sha) DO NOTHING`,
      [
        ...keys,
        col(commits, 'provider'),
        col(commits, 'repository'),
        col(commits, 'shortSha'),
        col(commits, 'message'),
        col(commits, 'url'),
        col(commits, 'authorName'),
        col(commits, 'committedAt'),
      ],
      'repos_commits_insert',
    );
    const rows = await tx.query<{ id: string; connection_id: string; sha: string }>(
      `SELECT c.id, c.connection_id, c.sha FROM repos.commits c
         JOIN unnest($1::uuid[], $2::uuid[], $3::text[]) AS w(organization_id, connection_id, sha)
           ON c.organization_id = w.organization_id AND c.connection_id = w.connection_id AND c.sha = w.sha`,
      keys,
      'repos_commits_ids',
    );
    return new Map(rows.map((r) => [artifactRef(r.connection_id, r.sha), r.id]));
  }

  /**
   * tenant-scope: all organizations (each row names its own). One pull/merge request per number: a
   * later delivery replaces its state, except the author (who opened it; later deliveries name
   * whoever acted). Returns ids by `artifactRef(connection, number)`.
   */
  async upsertPullRequests(given: readonly PullRequestWrite[], tx: ArtifactTx): Promise<Map<string, string>> {
    const pulls = lastByKey(given, (p) => artifactRef(p.connectionId, p.number));
    if (pulls.length === 0) return new Map();
    const rows = await tx.query<{ id: string; connection_id: string; number: number }>(
      `INSERT INTO repos.pull_requests (id, organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch, author_login, merged_at)
       SELECT gen_random_uuid(), p.organization_id, p.connection_id, p.provider, p.repository, p.number, p.title, p.url, p.state, p.source_branch, p.target_branch, p.author_login, p.merged_at
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
              AS p(organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch, author_login, merged_at)
       ON CONFLICT (connection_id, number) DO UPDATE
          SET title = EXCLUDED.title, url = EXCLUDED.url, state = EXCLUDED.state, source_branch = EXCLUDED.source_branch,
              target_branch = EXCLUDED.target_branch, merged_at = EXCLUDED.merged_at, updated_at = now()
        WHERE repos.pull_requests.organization_id = EXCLUDED.organization_id
       RETURNING id, connection_id, number`,
      [
        col(pulls, 'organizationId'),
        col(pulls, 'connectionId'),
        col(pulls, 'provider'),
        col(pulls, 'repository'),
        col(pulls, 'number'),
        col(pulls, 'title'),
        col(pulls, 'url'),
        col(pulls, 'state'),
        col(pulls, 'sourceBranch'),
        col(pulls, 'targetBranch'),
        col(pulls, 'authorLogin'),
        col(pulls, 'mergedAt'),
      ],
      'repos_pull_requests_upsert',
    );
    return new Map(rows.map((r) => [artifactRef(r.connection_id, r.number), r.id]));
  }

  /**
   * tenant-scope: all organizations (each row names its own). A link records why; a later delivery
   * of the same artifact replaces the reasons. One statement for all links of the batch.
   */
  async link(given: readonly NewLink[], tx: ArtifactTx): Promise<void> {
    const links = lastByKey(given, (l) => `${l.workItemId}/${l.kind}/${l.artifactId}`);
    if (links.length === 0) return;
    await tx.query(
      `INSERT INTO repos.artifact_links (id, organization_id, work_item_id, artifact_kind, artifact_id, linked_by)
       SELECT gen_random_uuid(), l.organization_id, l.work_item_id, l.artifact_kind, l.artifact_id, l.linked_by
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::jsonb[]) AS l(organization_id, work_item_id, artifact_kind, artifact_id, linked_by)
       ON CONFLICT (work_item_id, artifact_kind, artifact_id) DO UPDATE SET linked_by = EXCLUDED.linked_by
        WHERE repos.artifact_links.organization_id = EXCLUDED.organization_id`,
      [col(links, 'organizationId'), col(links, 'workItemId'), col(links, 'kind'), col(links, 'artifactId'), links.map((l) => JSON.stringify(l.linkedBy))],
      'repos_links_upsert',
    );
  }

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
