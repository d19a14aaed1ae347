import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, CreateUserDto, CreationListQuery, Page, UpdateUserDto, UserResponse } from '@pds/contracts';
import { Returns, Doc } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { UserService } from '../identity/user.service';

@ApiController('users')
export class UserController {
  constructor(@Inject(UserService) private readonly users: UserService) {}

  @Get()
  @Doc("List users", "The organization's users, deactivated ones included.", { requires: Permission.IdentityManage })
  @Paginated(UserResponse)
  list(@Auth() auth: AuthContext, @Query() query: CreationListQuery): Promise<Page<UserResponse>> {
    return this.users.list(auth, query);
  }

  @Returns(UserResponse)
  @Post()
  @Doc('Create a user', "Adds a user with a role; the user acts through API keys (an ADMIN's, or their own under `/me/api-keys`).", { requires: Permission.IdentityManage })
  create(@Auth() auth: AuthContext, @Body() body: CreateUserDto): Promise<UserResponse> {
    return this.users.create(auth, body);
  }

  @Returns(UserResponse)
  @Get(':id')
  @Doc('Get a user', 'One user of the organization.', { requires: Permission.IdentityManage })
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<UserResponse> {
    return this.users.get(auth, id);
  }

  @Returns(UserResponse)
  @Patch(':id')
  @Doc('Update a user', 'Renames the user or changes their role. A lower role lowers their keys above it; STAKEHOLDER or GUEST revokes them. The last active ADMIN cannot be demoted (409).', { requires: Permission.IdentityManage })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateUserDto): Promise<UserResponse> {
    return this.users.update(auth, id, body);
  }

  /** The user's keys are revoked and stop working on every edge before this answers. */
  @Returns(UserResponse)
  @Post(':id/deactivate')
  @Doc('Deactivate a user', 'The user can no longer act: their keys are revoked. The last active ADMIN cannot be deactivated (409).', { requires: Permission.IdentityManage })
  deactivate(@Auth() auth: AuthContext, @Param('id') id: string): Promise<UserResponse> {
    return this.users.deactivate(auth, id);
  }

  @Returns(UserResponse)
  @Post(':id/reactivate')
  @Doc('Reactivate a user', 'Lets a deactivated user act again; their keys stay revoked, new ones are needed.', { requires: Permission.IdentityManage })
  reactivate(@Auth() auth: AuthContext, @Param('id') id: string): Promise<UserResponse> {
    return this.users.reactivate(auth, id);
  }
}
