import { Inject, Injectable } from '@nestjs/common';
import { LinkedBy } from '@pds/contracts';
import { DATABASE, Database } from '@pds/persistence';
import { Prisma, PrismaClient } from '../generated/repos/client';

export const ArtifactKind = Object.freeze({ BRANCH: 'BRANCH', COMMIT: 'COMMIT', PULL_REQUEST: 'PULL_REQUEST' });
export type ArtifactKind = (typeof ArtifactKind)[keyof typeof ArtifactKind];

export type ArtifactTx = Prisma.TransactionClient;

/** Where an artifact came from: copied onto each so it outlives its connection. */
export interface ArtifactOrigin {
  organizationId: string;
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

  transaction<T>(fn: (tx: ArtifactTx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn, { maxWait: 10_000, timeout: 20_000 });
  }

  /** A push to a branch: created or brought back (a re-created branch is no longer deleted). */
  async upsertBranch(tx: ArtifactTx, origin: ArtifactOrigin, name: string, url: string, lastCommitSha: string | null): Promise<string> {
    const row = await tx.repoBranch.upsert({
      where: { connectionId_name: { connectionId: origin.connectionId, name }, organizationId: origin.organizationId },
      create: { ...origin, name, url, lastCommitSha },
      update: { url, deletedAt: null, ...(lastCommitSha ? { lastCommitSha } : {}) },
      select: { id: true },
    });
    return row.id;
  }

  async markBranchDeleted(tx: ArtifactTx, origin: ArtifactOrigin, name: string): Promise<void> {
    await tx.repoBranch.updateMany({
      where: { organizationId: origin.organizationId, connectionId: origin.connectionId, name, deletedAt: null },
      data: { deletedAt: new Date() },
    });
  }

  /** Commits never change: the first delivery that lists one stores it. Returns ids by sha. */
  async insertCommits(
    tx: ArtifactTx,
    origin: ArtifactOrigin,
    commits: { sha: string; shortSha: string; message: string; url: string; authorName: string | null; committedAt: Date | null }[],
  ): Promise<Map<string, string>> {
    if (commits.length === 0) return new Map();
    await tx.repoCommit.createMany({ data: commits.map((c) => ({ ...origin, ...c })), skipDuplicates: true });
    const rows = await tx.repoCommit.findMany({
      where: { organizationId: origin.organizationId, connectionId: origin.connectionId, sha: { in: commits.map((c) => c.sha) } },
      select: { id: true, sha: true },
    });
    return new Map(rows.map((r) => [r.sha, r.id]));
  }

  /** One pull/merge request per number: a later delivery replaces its state. */
  async upsertPullRequest(
    tx: ArtifactTx,
    origin: ArtifactOrigin,
    fields: { number: number; title: string; url: string; state: string; sourceBranch: string; targetBranch: string; authorLogin: string | null; mergedAt: Date | null },
  ): Promise<string> {
    // The author is who opened it; later deliveries name whoever acted (GitLab's `user`).
    const { authorLogin: _author, ...changing } = fields;
    const row = await tx.repoPullRequest.upsert({
      where: { connectionId_number: { connectionId: origin.connectionId, number: fields.number }, organizationId: origin.organizationId },
      create: { ...origin, ...fields },
      update: changing,
      select: { id: true },
    });
    return row.id;
  }

  /** A link records why; a later delivery of the same artifact replaces the reasons. */
  async link(tx: ArtifactTx, organizationId: string, links: readonly NewLink[]): Promise<void> {
    for (const link of links) {
      await tx.artifactLink.upsert({
        where: { workItemId_artifactKind_artifactId: { workItemId: link.workItemId, artifactKind: link.kind, artifactId: link.artifactId }, organizationId },
        create: { organizationId, workItemId: link.workItemId, artifactKind: link.kind, artifactId: link.artifactId, linkedBy: link.linkedBy as unknown as Prisma.InputJsonValue },
        update: { linkedBy: link.linkedBy as unknown as Prisma.InputJsonValue },
      });
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
