import { SortedRead } from '@pds/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { creationOrder } from '@pds/persistence';
import { Prisma, PrismaClient, RepoConnection } from '../generated/repos/client';

export type ConnectionRow = RepoConnection;

/** Repository connections; every query names the organization. */
@Injectable()
export class ConnectionRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  find(organizationId: string, id: string): Promise<ConnectionRow | null> {
    return this.prisma.repoConnection.findFirst({ where: { id, organizationId } });
  }

  list(organizationId: string, order: SortedRead, take: number): Promise<ConnectionRow[]> {
    return this.prisma.repoConnection.findMany({
      where: { organizationId, ...creationOrder(order).where },
      orderBy: creationOrder(order).orderBy,
      take,
    });
  }

  create(organizationId: string, data: Omit<Prisma.RepoConnectionUncheckedCreateInput, 'organizationId'>, tx: Prisma.TransactionClient = this.prisma): Promise<ConnectionRow> {
    return tx.repoConnection.create({ data: { ...data, organizationId } });
  }

  update(organizationId: string, id: string, data: Prisma.RepoConnectionUpdateInput, tx: Prisma.TransactionClient = this.prisma): Promise<ConnectionRow> {
    return tx.repoConnection.update({ where: { id, organizationId }, data });
  }

  async remove(organizationId: string, id: string, tx: Prisma.TransactionClient = this.prisma): Promise<void> {
    await tx.repoConnection.deleteMany({ where: { id, organizationId } });
  }

  /**
   * tenant-scope: all organizations. The receiver's lookup: it knows no organization yet, only the
   * connection id in the URL. What it returns is used to check the signature and to learn the
   * organization, nothing else.
   */
  findForReceiver(id: string): Promise<ConnectionRow | null> {
    return this.prisma.repoConnection.findUnique({ where: { id } });
  }
}
