import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, CreateUserDto, FindUsersReply, ListQuery, Page, UserResponse } from '@pds/contracts';
import { readPage } from '@pds/persistence';
import { toUserResponse } from './identity.mapper';
import { IdentityRepository } from './identity.repository';

@Injectable()
export class UserService {
  constructor(@Inject(IdentityRepository) private readonly identity: IdentityRepository) {}

  list(auth: AuthContext, query: ListQuery): Promise<Page<UserResponse>> {
    assertCan(auth, Permission.IdentityManage);
    return readPage(query, (after, take) => this.identity.listUsers(auth.organizationId, after, take), toUserResponse);
  }

  async create(auth: AuthContext, dto: CreateUserDto): Promise<UserResponse> {
    assertCan(auth, Permission.IdentityManage);
    return toUserResponse(await this.identity.createUser(auth.organizationId, dto));
  }

  /** Which of these ids are users of the organization (asked by other contexts over the bus, no caller). */
  async find(organizationId: string, ids: string[]): Promise<FindUsersReply> {
    const users = await this.identity.findUsers(organizationId, ids);
    return { users: users.map(({ id, role, name, email }) => ({ id, role, name, email })) };
  }
}
