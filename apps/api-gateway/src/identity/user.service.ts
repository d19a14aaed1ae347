import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuthContext,
  CreateUserDto,
  FindUsersReply,
  CreationListQuery,
  NotFoundError,
  Page,
  UpdateUserDto,
  UserResponse,
  changesOf,
  isUuid,
} from '@pds/contracts';
import { readCreationPage } from '@pds/persistence';
import type { Prisma, User } from '../generated/identity/client';
import { OutboxEvents } from '@pds/messaging';
import { ApiKeyAuthenticator } from './api-key.authenticator';
import { IdentityOutbox } from './identity.outbox';
import { toUserResponse } from './identity.mapper';
import { IdentityRepository } from './identity.repository';
import { assertAdminRemains, keyRoleChange } from './user-rules';

type Tx = Prisma.TransactionClient;

/**
 * The organization's people (ADMIN). A change that touches a user's keys (role, deactivation)
 * commits first, then drops the keys from every key cache (broadcast) before it is answered, so
 * the user's next request, on any edge and replica, sees it.
 */
@Injectable()
export class UserService {
  constructor(
    @Inject(IdentityRepository) private readonly identity: IdentityRepository,
    @Inject(ApiKeyAuthenticator) private readonly authenticator: ApiKeyAuthenticator,
    @Inject(IdentityOutbox) private readonly outbox: IdentityOutbox,
  ) {}

  list(auth: AuthContext, query: CreationListQuery): Promise<Page<UserResponse>> {
    assertCan(auth, Permission.IdentityManage);
    return readCreationPage(query, (order, take) => this.identity.listUsers(auth.organizationId, order, take), toUserResponse);
  }

  async create(auth: AuthContext, dto: CreateUserDto): Promise<UserResponse> {
    assertCan(auth, Permission.IdentityManage);
    return this.outbox.transaction(async (tx, events) => {
      const user = await this.identity.createUser(auth.organizationId, dto, tx);
      events.audit(auth, { action: 'created', record: { type: 'user', id: user.id }, changes: { role: { from: null, to: user.role } } });
      return toUserResponse(user);
    });
  }

  async get(auth: AuthContext, id: string): Promise<UserResponse> {
    assertCan(auth, Permission.IdentityManage);
    return toUserResponse(await this.found(auth.organizationId, id));
  }

  update(auth: AuthContext, id: string, dto: UpdateUserDto): Promise<UserResponse> {
    assertCan(auth, Permission.IdentityManage);
    return this.change(auth, 'updated', id, async (user, tx) => {
      if (dto.role === undefined || dto.role === user.role) {
        return { user: dto.name === undefined ? user : await this.identity.updateUser(auth.organizationId, user.id, { name: dto.name }, tx), evict: [] };
      }
      assertAdminRemains(user, dto, await this.identity.countActiveAdmins(auth.organizationId, tx));
      const evict = await this.identity.activeKeyHashes(auth.organizationId, user.id, tx);
      const keys = keyRoleChange(user.role, dto.role);
      if (keys.revokeAll) await this.identity.revokeUserKeys(auth.organizationId, user.id, new Date(), tx);
      else await this.identity.setUserKeysRole(auth.organizationId, user.id, keys.from, dto.role, tx);
      return { user: await this.identity.updateUser(auth.organizationId, user.id, dto, tx), evict };
    });
  }

  /** Idempotent: deactivating a deactivated user answers the user as it is. */
  deactivate(auth: AuthContext, id: string): Promise<UserResponse> {
    assertCan(auth, Permission.IdentityManage);
    return this.change(auth, 'deactivated', id, async (user, tx) => {
      if (!user.active) return { user, evict: [] };
      assertAdminRemains(user, { active: false }, await this.identity.countActiveAdmins(auth.organizationId, tx));
      const at = new Date();
      const evict = await this.identity.activeKeyHashes(auth.organizationId, user.id, tx);
      await this.identity.revokeUserKeys(auth.organizationId, user.id, at, tx);
      return { user: await this.identity.updateUser(auth.organizationId, user.id, { active: false, deactivatedAt: at }, tx), evict };
    });
  }

  /** Idempotent; the keys revoked by the deactivation stay revoked (new ones are issued as usual). */
  reactivate(auth: AuthContext, id: string): Promise<UserResponse> {
    assertCan(auth, Permission.IdentityManage);
    return this.change(auth, 'reactivated', id, async (user, tx) => ({
      user: user.active ? user : await this.identity.updateUser(auth.organizationId, user.id, { active: true, deactivatedAt: null }, tx),
      evict: [],
    }));
  }

  /** Which of these ids are users of the organization (asked by other contexts over the bus, no caller). */
  async find(organizationId: string, ids: string[]): Promise<FindUsersReply> {
    const users = await this.identity.findUsers(organizationId, ids);
    return { users: users.map(({ id, role, name, email, active }) => ({ id, role, name, email, active })) };
  }

  private async found(organizationId: string, id: string, tx?: Tx): Promise<User> {
    const user = isUuid(id) ? await this.identity.findUser(organizationId, id, tx) : null;
    if (!user) throw new NotFoundError('User', id);
    return user;
  }

  /**
   * One user change under the organization's lock (the last-ADMIN rule counts admins inside it);
   * the caches drop the user's keys after the commit, so no replica reloads the old state.
   */
  private async change(
    auth: AuthContext,
    action: string,
    id: string,
    apply: (user: User, tx: Tx) => Promise<{ user: User; evict: string[] }>,
  ): Promise<UserResponse> {
    const organizationId = auth.organizationId;
    const { user, evict } = await this.outbox.transaction(async (tx, events) => {
      await this.identity.lockOrganization(organizationId, tx);
      const before = await this.found(organizationId, id, tx);
      const result = await apply(before, tx);
      auditUserChange(events, auth, action, before, result.user);
      return result;
    });
    await this.authenticator.dropEverywhere(evict);
    return toUserResponse(user);
  }
}

/** The entry of a user change; a change that changed nothing (deactivating a deactivated user) has none. */
function auditUserChange(events: OutboxEvents<never>, auth: AuthContext, action: string, before: User, after: User): void {
  const changes = changesOf(toUserResponse(before), toUserResponse(after), ['name', 'role', 'active']);
  if (changes) events.audit(auth, { action, record: { type: 'user', id: after.id }, changes });
}
