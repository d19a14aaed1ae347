import { Body, Get, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import { AuthContext, CreateUserDto, CreationListQuery, Page, UpdateUserDto, UserResponse } from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { UserService } from '../identity/user.service';

@ApiController('users')
export class UserController {
  constructor(@Inject(UserService) private readonly users: UserService) {}

  @Get()
  @Paginated(UserResponse)
  list(@Auth() auth: AuthContext, @Query() query: CreationListQuery): Promise<Page<UserResponse>> {
    return this.users.list(auth, query);
  }

  @Returns(UserResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateUserDto): Promise<UserResponse> {
    return this.users.create(auth, body);
  }

  @Returns(UserResponse)
  @Get(':id')
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<UserResponse> {
    return this.users.get(auth, id);
  }

  @Returns(UserResponse)
  @Patch(':id')
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateUserDto): Promise<UserResponse> {
    return this.users.update(auth, id, body);
  }

  /** The user's keys are revoked and stop working on every edge before this answers. */
  @Returns(UserResponse)
  @Post(':id/deactivate')
  deactivate(@Auth() auth: AuthContext, @Param('id') id: string): Promise<UserResponse> {
    return this.users.deactivate(auth, id);
  }

  @Returns(UserResponse)
  @Post(':id/reactivate')
  reactivate(@Auth() auth: AuthContext, @Param('id') id: string): Promise<UserResponse> {
    return this.users.reactivate(auth, id);
  }
}
