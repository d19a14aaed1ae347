import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, SortedRead, Role } from '@pds/contracts';
import { creationOrder } from '@pds/persistence';
import { ApiKey, Organization, Prisma, PrismaClient, User } from '../generated/identity/client';

export interface NewApiKey {
  userId: string;
  name: string;
  role: Role;
  prefix: string;
  hash: string;
}

export interface ActiveKey {
  id: string;
  organizationId: string;
  userId: string;
  role: Role;
}

type Tx = Prisma.TransactionClient;

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

/** All identity tables. Every method that reads tenant data takes the organization id. */
/** What the public portal needs of an organization it names by slug. */
export interface PortalOrganization {
  id: string;
  name: string;
  portalEnabled: boolean;
  portalAllowedOrigins: string[];
  portalAccentColor: string | null;
}

@Injectable()
export class IdentityRepository {
  constructor(@Inject(PrismaClient) private readonly prisma: PrismaClient) {}

  /**
   * tenant-scope: no tenant data. Bootstrapping an organization (it does not exist yet when this
   * starts), and changes of a user; each method called inside names the organization.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  /** tenant-scope: no tenant data. The organizations table itself; the new organization has no id yet. */
  async createOrganization(name: string, slug: string, tx: Tx): Promise<Organization> {
    return tx.organization.create({ data: { name, slug } });
  }

  /** tenant-scope: all organizations. Slugs are unique across organizations. */
  async slugTaken(slug: string, tx: Tx): Promise<boolean> {
    return (await tx.organization.count({ where: { slug } })) > 0;
  }

  findOrganization(organizationId: string): Promise<Organization | null> {
    return this.prisma.organization.findUnique({ where: { id: organizationId } });
  }

  updateOrganization(
    organizationId: string,
    data: { name?: string; portalEnabled?: boolean; portalAllowedOrigins?: string[]; portalAccentColor?: string | null; autoArchiveDays?: number | null },
    tx: Tx = this.prisma,
  ): Promise<Organization> {
    return tx.organization.update({ where: { id: organizationId }, data });
  }

  /** tenant-scope: all organizations. Delivery's auto-archive job asks which organizations have it on. */
  async autoArchiveSettings(): Promise<{ organizationId: string; autoArchiveDays: number }[]> {
    const rows = await this.prisma.organization.findMany({ where: { autoArchiveDays: { not: null } }, select: { id: true, autoArchiveDays: true }, orderBy: { id: 'asc' } });
    return rows.map((row) => ({ organizationId: row.id, autoArchiveDays: row.autoArchiveDays as number }));
  }

  /** tenant-scope: all organizations. The public portal names its organization by slug. */
  findOrganizationBySlug(slug: string): Promise<PortalOrganization | null> {
    return this.prisma.organization.findUnique({ where: { slug }, select: { id: true, name: true, portalEnabled: true, portalAllowedOrigins: true, portalAccentColor: true } });
  }

  async createUser(
    organizationId: string,
    data: { email: string; name: string; role: Role },
    tx: Tx = this.prisma,
  ): Promise<User> {
    try {
      return await tx.user.create({ data: { organizationId, ...data } });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError(`A user with email ${data.email} already exists`, { email: ['already in use'] });
      }
      throw error;
    }
  }

  findUser(organizationId: string, id: string, tx: Tx = this.prisma): Promise<User | null> {
    return tx.user.findFirst({ where: { organizationId, id } });
  }

  /**
   * Serializes the changes that could leave the organization without an active ADMIN: two
   * concurrent demotions each count the admins only after the other has committed.
   */
  async lockOrganization(organizationId: string, tx: Tx): Promise<void> {
    await tx.$queryRaw`SELECT id FROM identity.organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
  }

  countActiveAdmins(organizationId: string, tx: Tx): Promise<number> {
    return tx.user.count({ where: { organizationId, role: Role.ADMIN, active: true } });
  }

  updateUser(
    organizationId: string,
    id: string,
    data: { name?: string; role?: Role; active?: boolean; deactivatedAt?: Date | null },
    tx: Tx,
  ): Promise<User> {
    return tx.user.update({ where: { id, organizationId }, data });
  }

  /** The hashes of a user's keys that still work, for the key caches to drop. */
  async activeKeyHashes(organizationId: string, userId: string, tx: Tx): Promise<string[]> {
    const keys = await tx.apiKey.findMany({ where: { organizationId, userId, revokedAt: null }, select: { hash: true } });
    return keys.map((key) => key.hash);
  }

  async revokeUserKeys(organizationId: string, userId: string, at: Date, tx: Tx): Promise<void> {
    await tx.apiKey.updateMany({ where: { organizationId, userId, revokedAt: null }, data: { revokedAt: at } });
  }

  /** Sets the role of the user's working keys that have one of `from` (see keyRoleChanges). */
  async setUserKeysRole(organizationId: string, userId: string, from: Role[], role: Role, tx: Tx): Promise<void> {
    if (from.length === 0) return;
    await tx.apiKey.updateMany({ where: { organizationId, userId, revokedAt: null, role: { in: from } }, data: { role } });
  }

  findUsers(organizationId: string, ids: string[]): Promise<User[]> {
    return this.prisma.user.findMany({ where: { organizationId, id: { in: ids } } });
  }

  listUsers(organizationId: string, order: SortedRead, take: number): Promise<User[]> {
    return this.prisma.user.findMany({
      where: { organizationId, ...creationOrder(order).where },
      orderBy: creationOrder(order).orderBy,
      take,
    });
  }

  createApiKey(organizationId: string, data: NewApiKey, tx: Tx = this.prisma): Promise<ApiKey> {
    return tx.apiKey.create({ data: { ...data, organizationId } });
  }

  /** The organization's keys, or only one user's. */
  listApiKeys(organizationId: string, order: SortedRead, take: number, userId?: string): Promise<ApiKey[]> {
    return this.prisma.apiKey.findMany({
      where: { organizationId, ...(userId ? { userId } : {}), ...creationOrder(order).where },
      orderBy: creationOrder(order).orderBy,
      take,
    });
  }

  /** A key of the organization, or only if it is this user's. */
  findApiKey(organizationId: string, id: string, userId?: string): Promise<ApiKey | null> {
    return this.prisma.apiKey.findFirst({ where: { organizationId, id, ...(userId ? { userId } : {}) } });
  }

  revokeApiKey(organizationId: string, id: string, at: Date, tx: Tx = this.prisma): Promise<ApiKey> {
    return tx.apiKey.update({ where: { id, organizationId }, data: { revokedAt: at } });
  }

  /**
   * tenant-scope: all organizations. The hot lookup behind authentication (indexed by the unique
   * hash): the key names the organization, so none is known before it.
   */
  findActiveKeyByHash(hash: string): Promise<ActiveKey | null> {
    return this.prisma.apiKey.findFirst({
      // A deactivated user's keys are revoked in the same transaction; the user check guards anyway.
      where: { hash, revokedAt: null, user: { active: true } },
      select: { id: true, organizationId: true, userId: true, role: true },
    });
  }

  async touchApiKey(organizationId: string, id: string, at: Date): Promise<void> {
    await this.prisma.apiKey.updateMany({ where: { organizationId, id }, data: { lastUsedAt: at } });
  }
}
