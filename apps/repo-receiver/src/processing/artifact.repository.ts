import { Inject, Injectable } from '@nestjs/common';
import { LinkedBy } from '@pds/contracts';
import { DATABASE, Database } from '@pds/persistence';
import type { FinishedDelivery } from '../hooks/delivery.repository';

export const ArtifactKind = Object.freeze({ BRANCH: 'BRANCH', COMMIT: 'COMMIT', PULL_REQUEST: 'PULL_REQUEST' });
export type ArtifactKind = (typeof ArtifactKind)[keyof typeof ArtifactKind];

/** Where an artifact came from: copied onto each so it outlives its connection. */
export interface ArtifactOrigin {
  organizationId: string;
  connectionId: string;
  provider: string;
  repository: string;
}

/** A push to a branch, or (`deleted`) the push that deleted it. */
export interface BranchWrite extends ArtifactOrigin {
  name: string;
  url: string | null;
  lastCommitSha: string | null;
  deleted: boolean;
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

/** A link to an artifact of the same batch, named by its connection and natural key (name, sha, number). */
export interface NewLink {
  organizationId: string;
  workItemId: string;
  kind: ArtifactKind;
  connectionId: string;
  natural: string;
  linkedBy: LinkedBy[];
}

/** Everything one batch of deliveries writes, each list in delivery order. */
export interface BatchWrites {
  branches: BranchWrite[];
  commits: CommitWrite[];
  pullRequests: PullRequestWrite[];
  links: NewLink[];
  /** Deliveries whose processing this write completes. */
  finished: FinishedDelivery[];
}

/**
 * What the pushes of a batch leave each branch as, applied in order: a push creates or brings
 * back the branch (keeping the last head sha given), a deletion marks it. A branch deleted without
 * a push in the batch is only marked (`markOnly`), so no statement touches a row twice.
 */
export function foldBranches(writes: readonly BranchWrite[]): { upserts: BranchWrite[]; markOnly: BranchWrite[] } {
  const folded = new Map<string, { last: BranchWrite; pushed: BranchWrite | null; sha: string | null }>();
  for (const write of writes) {
    const key = `${write.connectionId}/${write.name}`;
    const state = folded.get(key) ?? { last: write, pushed: null, sha: null };
    state.last = write;
    if (!write.deleted) {
      state.pushed = write;
      state.sha = write.lastCommitSha ?? state.sha;
    }
    folded.set(key, state);
  }
  const upserts: BranchWrite[] = [];
  const markOnly: BranchWrite[] = [];
  for (const { last, pushed, sha } of folded.values()) {
    if (pushed) upserts.push({ ...pushed, lastCommitSha: sha, deleted: last.deleted });
    else markOnly.push(last);
  }
  return { upserts, markOnly };
}

/** The first of each key: commits never change, the first delivery that lists one stores it. */
function firstByKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const first = new Map<string, T>();
  for (const row of rows) if (!first.has(key(row))) first.set(key(row), row);
  return [...first.values()];
}

/** The last of each key, which replaces what the earlier ones wrote. */
function lastByKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

/** A pull request's latest state; its author stays who opened it (later deliveries name whoever acted). */
export function foldPullRequests(writes: readonly PullRequestWrite[]): PullRequestWrite[] {
  const first = new Map<string, PullRequestWrite>();
  for (const write of writes) if (!first.has(`${write.connectionId}/${write.number}`)) first.set(`${write.connectionId}/${write.number}`, write);
  return lastByKey(writes, (w) => `${w.connectionId}/${w.number}`).map((w) => ({
    ...w,
    authorLogin: (first.get(`${w.connectionId}/${w.number}`) as PullRequestWrite).authorLogin,
  }));
}

const col = <T, K extends keyof T>(rows: readonly T[], field: K): T[K][] => rows.map((row) => row[field]);

/** Attempts of a batch write that did not see a commit another transaction was storing at the same moment. */
const WRITE_ATTEMPTS = 3;

/**
 * Branches, commits, pull requests and their work-item links, written set-based for a batch of
 * deliveries. A batch may span organizations: every row carries its organization_id, conflicting
 * rows are only updated within the same organization, and reads match on it.
 */
@Injectable()
export class ArtifactRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * tenant-scope: all organizations (each row names its own). The whole batch in one statement, so
   * atomic without an interactive transaction and one round trip: branches, commits and pull
   * requests upserted (data-modifying CTEs, `unnest` of column arrays), links joined to the ids those
   * return, and the deliveries it completes marked. The deliveries' effects are folded in their
   * order first, so no row is written twice. A commit that another transaction was inserting at the
   * same moment (another replica, the same commit in another branch) is neither inserted nor seen
   * by this statement's snapshot; the statement is then run again, which is harmless: it is all
   * upserts.
   */
  async writeBatch(writes: BatchWrites): Promise<void> {
    const { upserts, markOnly } = foldBranches(writes.branches);
    const commits = firstByKey(writes.commits, (c) => `${c.connectionId}/${c.sha}`);
    const pulls = foldPullRequests(writes.pullRequests);
    const links = lastByKey(writes.links, (l) => `${l.workItemId}/${l.kind}/${l.connectionId}/${l.natural}`);
    const params = [
      col(upserts, 'organizationId'),
      col(upserts, 'connectionId'),
      col(upserts, 'provider'),
      col(upserts, 'repository'),
      col(upserts, 'name'),
      col(upserts, 'url'),
      col(upserts, 'lastCommitSha'),
      col(upserts, 'deleted'),
      col(markOnly, 'organizationId'),
      col(markOnly, 'connectionId'),
      col(markOnly, 'name'),
      col(commits, 'organizationId'),
      col(commits, 'connectionId'),
      col(commits, 'sha'),
      col(commits, 'provider'),
      col(commits, 'repository'),
      col(commits, 'shortSha'),
      col(commits, 'message'),
      col(commits, 'url'),
      col(commits, 'authorName'),
      col(commits, 'committedAt'),
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
      col(links, 'organizationId'),
      col(links, 'workItemId'),
      col(links, 'kind'),
      col(links, 'connectionId'),
      col(links, 'natural'),
      links.map((l) => JSON.stringify(l.linkedBy)),
      col(writes.finished, 'organizationId'),
      col(writes.finished, 'id'),
      col(writes.finished, 'status'),
      col(writes.finished, 'reason'),
    ];
    for (let attempt = 1; ; attempt++) {
      const [{ commits: seen }] = await this.db.sql.query<{ commits: number }>(WRITE_BATCH, params, 'repos_write_batch');
      if (seen >= commits.length || attempt === WRITE_ATTEMPTS) return;
    }
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

const WRITE_BATCH = `
WITH
  b AS (
    INSERT INTO repos.branches (id, organization_id, connection_id, provider, repository, name, url, last_commit_sha, deleted_at)
    SELECT gen_random_uuid(), i.organization_id, i.connection_id, i.provider, i.repository, i.name, i.url, i.last_commit_sha,
           CASE WHEN i.deleted THEN now() END
      FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[])
           AS i(organization_id, connection_id, provider, repository, name, url, last_commit_sha, deleted)
    ON CONFLICT (connection_id, name) DO UPDATE
       SET url = EXCLUDED.url, deleted_at = EXCLUDED.deleted_at, updated_at = now(),
           last_commit_sha = COALESCE(EXCLUDED.last_commit_sha, repos.branches.last_commit_sha)
     WHERE repos.branches.organization_id = EXCLUDED.organization_id
    RETURNING id, organization_id, connection_id, name),
  bd AS (
    UPDATE repos.branches x SET deleted_at = now(), updated_at = now()
      FROM unnest($9::uuid[], $10::uuid[], $11::text[]) AS i(organization_id, connection_id, name)
     WHERE x.organization_id = i.organization_id AND x.connection_id = i.connection_id AND x.name = i.name AND x.deleted_at IS NULL),
  ci AS (
    SELECT * FROM unnest($12::uuid[], $13::uuid[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::text[], $21::timestamptz[])
           AS i(organization_id, connection_id, sha, provider, repository, short_sha, message, url, author_name, committed_at)),
  cn AS (
    INSERT INTO repos.commits (id, organization_id, connection_id, provider, repository, sha, short_sha, message, url, author_name, committed_at)
    SELECT gen_random_uuid(), organization_id, connection_id, provider, repository, sha, short_sha, message, url, author_name, committed_at FROM ci
    ON CONFLICT (connection_id, sha) DO NOTHING
    RETURNING id, organization_id, connection_id, sha),
  c AS (
    SELECT id, organization_id, connection_id, sha FROM cn
    UNION ALL
    SELECT x.id, x.organization_id, x.connection_id, x.sha FROM repos.commits x
      JOIN ci ON x.organization_id = ci.organization_id AND x.connection_id = ci.connection_id AND x.sha = ci.sha),
  p AS (
    INSERT INTO repos.pull_requests (id, organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch, author_login, merged_at)
    SELECT gen_random_uuid(), i.* 
      FROM unnest($22::uuid[], $23::uuid[], $24::text[], $25::text[], $26::int[], $27::text[], $28::text[], $29::text[], $30::text[], $31::text[], $32::text[], $33::timestamptz[])
           AS i(organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch, author_login, merged_at)
    ON CONFLICT (connection_id, number) DO UPDATE
       SET title = EXCLUDED.title, url = EXCLUDED.url, state = EXCLUDED.state, source_branch = EXCLUDED.source_branch,
           target_branch = EXCLUDED.target_branch, merged_at = EXCLUDED.merged_at, updated_at = now()
     WHERE repos.pull_requests.organization_id = EXCLUDED.organization_id
    RETURNING id, organization_id, connection_id, number),
  a AS (
    SELECT 'BRANCH' AS kind, id, organization_id, connection_id, name AS natural_key FROM b
    UNION ALL SELECT 'COMMIT', id, organization_id, connection_id, sha FROM c
    UNION ALL SELECT 'PULL_REQUEST', id, organization_id, connection_id, number::text FROM p),
  l AS (
    INSERT INTO repos.artifact_links (id, organization_id, work_item_id, artifact_kind, artifact_id, linked_by)
    SELECT gen_random_uuid(), i.organization_id, i.work_item_id, i.kind, a.id, i.linked_by
      FROM unnest($34::uuid[], $35::uuid[], $36::text[], $37::uuid[], $38::text[], $39::jsonb[])
           AS i(organization_id, work_item_id, kind, connection_id, natural_key, linked_by)
      JOIN a ON a.kind = i.kind AND a.organization_id = i.organization_id AND a.connection_id = i.connection_id AND a.natural_key = i.natural_key
    ON CONFLICT (work_item_id, artifact_kind, artifact_id) DO UPDATE SET linked_by = EXCLUDED.linked_by
     WHERE repos.artifact_links.organization_id = EXCLUDED.organization_id),
  f AS (
    UPDATE repos.received_deliveries d SET status = i.status, reason = i.reason, processed_at = clock_timestamp()
      FROM unnest($40::uuid[], $41::uuid[], $42::text[], $43::text[]) AS i(organization_id, id, status, reason)
     WHERE d.id = i.id AND d.organization_id = i.organization_id)
SELECT (SELECT count(*) FROM c)::int AS commits`;
