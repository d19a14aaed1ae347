import { Inject, Injectable } from '@nestjs/common';
import { LinkedBy } from '@pds/contracts';
import { DATABASE, Database } from '@pds/persistence';
import { Prisma, PrismaClient } from '../generated/repos/client';

export const ArtifactKind = Object.freeze({ BRANCH: 'BRANCH', COMMIT: 'COMMIT', PULL_REQUEST: 'PULL_REQUEST' });
export type ArtifactKind = (typeof ArtifactKind)[keyof typeof ArtifactKind];

export type ArtifactTx = Prisma.TransactionClient;

/** Where an artifact came from: copied onto each so it outlives its connection. */
export interface ArtifactOrigin {
  connectionId: string;
  provider: string;
  repository: string;
}

export interface NewLink {
  workItemId: string;
  kind: ArtifactKind;
  artifactId: string;
  linkedBy: LinkedBy[];
}

/** Branches, commits, pull requests and their work-item links; every query names the organization. */
@Injectable()
export class ArtifactRepository {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** tenant-scope: no tenant data. The transaction itself; every statement in it names the organization. */
  transaction<T>(fn: (tx: ArtifactTx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  }

  /** A push to a branch: created or brought back (a re-created branch is no longer deleted). One statement. */
  async upsertBranch(organizationId: string, tx: ArtifactTx, origin: ArtifactOrigin, name: string, url: string, lastCommitSha: string | null): Promise<string> {
    const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
      `INSERT INTO repos.branches (id, organization_id, connection_id, provider, repository, name, url, last_commit_sha)
       VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, $5, $6, $7)
       ON CONFLICT (connection_id, name) DO UPDATE
          SET url = EXCLUDED.url, deleted_at = NULL, updated_at = now(),
              last_commit_sha = COALESCE(EXCLUDED.last_commit_sha, repos.branches.last_commit_sha)
        WHERE repos.branches.organization_id = EXCLUDED.organization_id
       RETURNING id`,
      organizationId,
      origin.connectionId,
      origin.provider,
      origin.repository,
      name,
      url,
      lastCommitSha,
    );
    return rows[0].id;
  }

  async markBranchDeleted(organizationId: string, tx: ArtifactTx, origin: ArtifactOrigin, name: string): Promise<void> {
    await tx.repoBranch.updateMany({
      where: { organizationId, connectionId: origin.connectionId, name, deletedAt: null },
      data: { deletedAt: new Date() },
    });
  }

  /** Commits never change: the first delivery that lists one stores it. Returns ids by sha. */
  async insertCommits(
    organizationId: string,
    tx: ArtifactTx,
    origin: ArtifactOrigin,
    commits: { sha: string; shortSha: string; message: string; url: string; authorName: string | null; committedAt: Date | null }[],
  ): Promise<Map<string, string>> {
    if (commits.length === 0) return new Map();
    await tx.$executeRawUnsafe(
      `INSERT INTO repos.commits (id, organization_id, connection_id, provider, repository, sha, short_sha, message, url, author_name, committed_at)
       SELECT gen_random_uuid(), $1::uuid, $2::uuid, $3, $4, c.sha, c.short_sha, c.message, c.url, c.author_name, c.committed_at
         FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::timestamptz[])
              AS c(sha, short_sha, message, url, author_name, committed_at)
       ON CONFLICT (connection_id, sha) DO NOTHING`,
      organizationId,
      origin.connectionId,
      origin.provider,
      origin.repository,
      commits.map((c) => c.sha),
      commits.map((c) => c.shortSha),
      commits.map((c) => c.message),
      commits.map((c) => c.url),
      commits.map((c) => c.authorName),
      commits.map((c) => c.committedAt?.toISOString() ?? null),
    );
    const rows = await tx.repoCommit.findMany({
      where: { organizationId, connectionId: origin.connectionId, sha: { in: commits.map((c) => c.sha) } },
      select: { id: true, sha: true },
    });
    return new Map(rows.map((r) => [r.sha, r.id]));
  }

  /** One pull/merge request per number: a later delivery replaces its state. */
  async upsertPullRequest(
    organizationId: string,
    tx: ArtifactTx,
    origin: ArtifactOrigin,
    fields: { number: number; title: string; url: string; state: string; sourceBranch: string; targetBranch: string; authorLogin: string | null; mergedAt: Date | null },
  ): Promise<string> {
    // The author is who opened it; later deliveries name whoever acted (GitLab's `user`).
    const { authorLogin: _author, ...changing } = fields;
    const row = await tx.repoPullRequest.upsert({
      where: { connectionId_number: { connectionId: origin.connectionId, number: fields.number }, organizationId },
      create: { organizationId, ...origin, ...fields },
      update: changing,
      select: { id: true },
    });
    return row.id;
  }

  /** A link records why; a later delivery of the same artifact replaces the reasons. One statement for all links. */
  async link(organizationId: string, tx: ArtifactTx, given: readonly NewLink[]): Promise<void> {
    // One row per (item, artifact): the statement may not update the same row twice.
    const links = [...new Map(given.map((l) => [`${l.workItemId}/${l.kind}/${l.artifactId}`, l])).values()];
    if (links.length === 0) return;
    await tx.$executeRawUnsafe(
      `INSERT INTO repos.artifact_links (id, organization_id, work_item_id, artifact_kind, artifact_id, linked_by)
       SELECT gen_random_uuid(), $1::uuid, l.work_item_id, l.artifact_kind, l.artifact_id, l.linked_by
         FROM unnest($2::uuid[], $3::text[], $4::uuid[], $5::jsonb[]) AS l(work_item_id, artifact_kind, artifact_id, linked_by)
       ON CONFLICT (work_item_id, artifact_kind, artifact_id) DO UPDATE SET linked_by = EXCLUDED.linked_by
        WHERE repos.artifact_links.organization_id = EXCLUDED.organization_id`,
      organizationId,
      links.map((l) => l.workItemId),
      links.map((l) => l.kind),
      links.map((l) => l.artifactId),
      links.map((l) => JSON.stringify(l.linkedBy)),
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
