import { Inject, Injectable } from '@nestjs/common';
import { LinkedBy } from '@pds/contracts';
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
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

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
    const { authorLogin, ...changing } = fields;
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

  /** Everything linked to one work item, newest first within each kind. */
  async forWorkItem(organizationId: string, workItemId: string) {
    const links = await this.prisma.artifactLink.findMany({ where: { organizationId, workItemId } });
    const ids = (kind: ArtifactKind) => links.filter((l) => l.artifactKind === kind).map((l) => l.artifactId);
    const [branches, commits, pullRequests] = await Promise.all([
      this.prisma.repoBranch.findMany({ where: { organizationId, id: { in: ids(ArtifactKind.BRANCH) } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      this.prisma.repoCommit.findMany({
        where: { organizationId, id: { in: ids(ArtifactKind.COMMIT) } },
        orderBy: [{ committedAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'desc' }],
      }),
      this.prisma.repoPullRequest.findMany({ where: { organizationId, id: { in: ids(ArtifactKind.PULL_REQUEST) } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    ]);
    const linkedBy = new Map(links.map((l) => [l.artifactId, l.linkedBy as unknown as LinkedBy[]]));
    return { branches, commits, pullRequests, linkedBy };
  }
}
