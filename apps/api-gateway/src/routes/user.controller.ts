import { Body, Get, Inject, Post, Query } from '@nestjs/common';
import { AuthContext, CreateUserDto, ListQuery, Page, UserResponse } from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { UserService } from '../identity/user.service';

@ApiController('users')
export class UserController {
  constructor(@Inject(UserService) private readonly users: UserService) {}

  @Get()
  @Paginated(UserResponse)
  list(@Auth() auth: AuthContext, @Query() query: ListQuery): Promise<Page<UserResponse>> {
    return this.users.list(auth, query);
  }

  @Returns(UserResponse)
  @Post()
  create(@Auth() auth: AuthContext, @Body() body: CreateUserDto): Promise<UserResponse> {
    return this.users.create(auth, body);
  }
}
