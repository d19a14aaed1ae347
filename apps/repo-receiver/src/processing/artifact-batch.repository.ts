import { Inject, Injectable } from '@nestjs/common';
import { LinkedBy } from '@pds/contracts';
import { DATABASE, Database, column } from '@pds/persistence';
import { ArtifactKind } from '../artifacts/artifact.repository';
import type { FinishedDelivery } from '../inbox/received-delivery.repository';
import type { StoredReview } from './review-order';

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
  /** The provider's `updated_at` of this state: the stored one is replaced only by a state not older. */
  updatedAt: string | null;
}

/** A link to an artifact of the same batch, named by its connection and natural key (name, sha, number). */
export interface NewLink {
  organizationId: string;
  workItemId: string;
  kind: ArtifactKind;
  connectionId: string;
  natural: string;
  linkedBy: LinkedBy[];
  /** A pull request's link: the state of the delivery that names it (written only if not older than the stored one). */
  reviewState: string | null;
  reviewUpdatedAt: string | null;
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

/**
 * A pull request's last state of the batch (the caller passes only states that replace the one
 * before); its author stays who opened it (later deliveries name whoever acted).
 */
export function foldPullRequests(writes: readonly PullRequestWrite[]): PullRequestWrite[] {
  const first = new Map<string, PullRequestWrite>();
  for (const write of writes) if (!first.has(`${write.connectionId}/${write.number}`)) first.set(`${write.connectionId}/${write.number}`, write);
  return lastByKey(writes, (w) => `${w.connectionId}/${w.number}`).map((w) => ({
    ...w,
    authorLogin: (first.get(`${w.connectionId}/${w.number}`) as PullRequestWrite).authorLogin,
  }));
}

/** Attempts of a batch write that did not see a commit another transaction was storing at the same moment. */
const WRITE_ATTEMPTS = 3;

/**
 * Branches, commits, pull requests and their work-item links, written set-based for a batch of
 * deliveries (artifacts/'s ArtifactRepository reads them). A batch may span organizations: every row carries its organization_id, conflicting
 * rows are only updated within the same organization, and reads match on it.
 */
@Injectable()
export class ArtifactBatchRepository {
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
  async writeBatch(writes: BatchWrites): Promise<Map<string, StoredReview>> {
    const { upserts, markOnly } = foldBranches(writes.branches);
    const commits = firstByKey(writes.commits, (c) => `${c.connectionId}/${c.sha}`);
    const pulls = foldPullRequests(writes.pullRequests);
    const links = lastByKey(writes.links, (l) => `${l.workItemId}/${l.kind}/${l.connectionId}/${l.natural}`);
    const params = [
      column(upserts, 'organizationId'),
      column(upserts, 'connectionId'),
      column(upserts, 'provider'),
      column(upserts, 'repository'),
      column(upserts, 'name'),
      column(upserts, 'url'),
      column(upserts, 'lastCommitSha'),
      column(upserts, 'deleted'),
      column(markOnly, 'organizationId'),
      column(markOnly, 'connectionId'),
      column(markOnly, 'name'),
      column(commits, 'organizationId'),
      column(commits, 'connectionId'),
      column(commits, 'sha'),
      column(commits, 'provider'),
      column(commits, 'repository'),
      column(commits, 'shortSha'),
      column(commits, 'message'),
      column(commits, 'url'),
      column(commits, 'authorName'),
      column(commits, 'committedAt'),
      column(pulls, 'organizationId'),
      column(pulls, 'connectionId'),
      column(pulls, 'provider'),
      column(pulls, 'repository'),
      column(pulls, 'number'),
      column(pulls, 'title'),
      column(pulls, 'url'),
      column(pulls, 'state'),
      column(pulls, 'sourceBranch'),
      column(pulls, 'targetBranch'),
      column(pulls, 'authorLogin'),
      column(pulls, 'mergedAt'),
      column(pulls, 'updatedAt'),
      column(links, 'organizationId'),
      column(links, 'workItemId'),
      column(links, 'kind'),
      column(links, 'connectionId'),
      column(links, 'natural'),
      links.map((l) => JSON.stringify(l.linkedBy)),
      column(writes.finished, 'organizationId'),
      column(writes.finished, 'id'),
      column(writes.finished, 'status'),
      column(writes.finished, 'reason'),
      writes.finished.map((f) => `{${f.linkedKeys.join(',')}}`),
      column(links, 'reviewState'),
      column(links, 'reviewUpdatedAt'),
    ];
    let reviews: Map<string, StoredReview> | undefined;
    for (let attempt = 1; ; attempt++) {
      const [row] = await this.db.sql.query<WriteBatchRow>(WRITE_BATCH, params, 'repos_write_batch');
      // What the first run found and did is what the batch did: a run again finds its own writes.
      reviews ??= storedReviews(row);
      if (row.commits >= commits.length || attempt === WRITE_ATTEMPTS) return reviews;
    }
  }
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
    RETURNING id, organization_id, connection_id, name, created_at),
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
    RETURNING id, organization_id, connection_id, sha, COALESCE(committed_at, created_at) AS artifact_at),
  c AS (
    SELECT id, organization_id, connection_id, sha, artifact_at FROM cn
    UNION ALL
    SELECT x.id, x.organization_id, x.connection_id, x.sha, COALESCE(x.committed_at, x.created_at) FROM repos.commits x
      JOIN ci ON x.organization_id = ci.organization_id AND x.connection_id = ci.connection_id AND x.sha = ci.sha),
  pi AS (
    SELECT * FROM unnest($22::uuid[], $23::uuid[], $24::text[], $25::text[], $26::int[], $27::text[], $28::text[], $29::text[], $30::text[], $31::text[], $32::text[], $33::timestamptz[], $34::timestamptz[])
           AS i(organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch, author_login, merged_at, provider_updated_at)),
  -- The stored states, locked (FOR UPDATE waits for a replica writing the same row and reads what
  -- it committed) and in one order, so that replicas lock the same rows without deadlocking. The
  -- insert below reads them first (the join), which keeps this CTE ahead of it.
  pp AS (
    SELECT x.connection_id, x.number, x.state, x.provider_updated_at FROM repos.pull_requests x
      JOIN pi ON x.organization_id = pi.organization_id AND x.connection_id = pi.connection_id AND x.number = pi.number
     ORDER BY x.connection_id, x.number
       FOR UPDATE OF x),
  p AS (
    INSERT INTO repos.pull_requests (id, organization_id, connection_id, provider, repository, number, title, url, state, source_branch, target_branch, author_login, merged_at, provider_updated_at)
    SELECT gen_random_uuid(), pi.*
      FROM pi LEFT JOIN pp ON pp.connection_id = pi.connection_id AND pp.number = pi.number
    -- An older state never replaces a newer one, and a merged request stays merged (review-order.ts).
    ON CONFLICT (connection_id, number) DO UPDATE
       SET title = EXCLUDED.title, url = EXCLUDED.url, state = EXCLUDED.state, source_branch = EXCLUDED.source_branch,
           target_branch = EXCLUDED.target_branch, merged_at = EXCLUDED.merged_at,
           provider_updated_at = EXCLUDED.provider_updated_at, updated_at = now()
     WHERE repos.pull_requests.organization_id = EXCLUDED.organization_id
       AND (repos.pull_requests.state <> 'MERGED' OR EXCLUDED.state = 'MERGED')
       AND (repos.pull_requests.provider_updated_at IS NULL OR EXCLUDED.provider_updated_at >= repos.pull_requests.provider_updated_at)
    RETURNING id, organization_id, connection_id, number, created_at, xmax = 0 AS inserted),
  -- Each artifact with the time its work items' lists are ordered by (artifact_links.artifact_at).
  a AS (
    SELECT 'BRANCH' AS kind, id, organization_id, connection_id, name AS natural_key, created_at AS artifact_at FROM b
    UNION ALL SELECT 'COMMIT', id, organization_id, connection_id, sha, artifact_at FROM c
    UNION ALL SELECT 'PULL_REQUEST', id, organization_id, connection_id, number::text, created_at FROM p),
  l AS (
    INSERT INTO repos.artifact_links (id, organization_id, work_item_id, artifact_kind, artifact_id, linked_by, artifact_at)
    SELECT gen_random_uuid(), i.organization_id, i.work_item_id, i.kind, a.id, i.linked_by, a.artifact_at
      FROM unnest($35::uuid[], $36::uuid[], $37::text[], $38::uuid[], $39::text[], $40::jsonb[], $46::text[], $47::timestamptz[])
           AS i(organization_id, work_item_id, kind, connection_id, natural_key, linked_by, review_state, review_updated_at)
      JOIN a ON a.kind = i.kind AND a.organization_id = i.organization_id AND a.connection_id = i.connection_id AND a.natural_key = i.natural_key
      -- A pull request's links only from a state not older than the one stored before (the upsert's rule).
      LEFT JOIN pp ON i.kind = 'PULL_REQUEST' AND pp.connection_id = i.connection_id AND pp.number::text = i.natural_key
     WHERE pp.connection_id IS NULL
        OR ((pp.state <> 'MERGED' OR i.review_state = 'MERGED')
            AND (pp.provider_updated_at IS NULL OR i.review_updated_at >= pp.provider_updated_at))
    ON CONFLICT (work_item_id, artifact_kind, artifact_id) DO UPDATE SET linked_by = EXCLUDED.linked_by
     WHERE repos.artifact_links.organization_id = EXCLUDED.organization_id),
  f AS (
    UPDATE repos.received_deliveries d
       SET status = i.status, reason = i.reason, linked_keys = i.linked_keys::text[], processed_at = clock_timestamp()
      FROM unnest($41::uuid[], $42::uuid[], $43::text[], $44::text[], $45::text[]) AS i(organization_id, id, status, reason, linked_keys)
     WHERE d.id = i.id AND d.organization_id = i.organization_id)
SELECT (SELECT count(*) FROM c)::int AS commits,
       (SELECT coalesce(json_agg(json_build_object('connectionId', connection_id, 'number', number, 'state', state, 'updatedAt', provider_updated_at)), '[]') FROM pp) AS prior,
       (SELECT coalesce(json_agg(json_build_object('connectionId', connection_id, 'number', number, 'inserted', inserted)), '[]') FROM p) AS written`;

interface WriteBatchRow {
  commits: number;
  prior: { connectionId: string; number: number; state: string; updatedAt: string | null }[];
  written: { connectionId: string; number: number; inserted: boolean }[];
}

/** Per pull request of the batch (`connectionId/number`): its stored state before, and whether the write applied. */
function storedReviews(row: WriteBatchRow): Map<string, StoredReview> {
  const reviews = new Map<string, StoredReview>();
  for (const p of row.prior) {
    reviews.set(`${p.connectionId}/${p.number}`, {
      prior: { state: p.state, updatedAt: p.updatedAt === null ? null : new Date(p.updatedAt).toISOString() },
      written: null,
    });
  }
  for (const w of row.written) {
    const key = `${w.connectionId}/${w.number}`;
    reviews.set(key, { prior: reviews.get(key)?.prior ?? null, written: w.inserted ? 'inserted' : 'updated' });
  }
  return reviews;
}
