import { Inject } from '@nestjs/common';
import { FindUsersReply, FindUsersRequest, IdentitySubjects, MeRequest, MeResponse } from '@pds/contracts';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MessageController } from '@pds/messaging';
import { MeService } from './me.service';
import { UserService } from './user.service';

/** Users as other contexts ask about them: the caller (MCP's whoami), and which ids of an organization exist. */
@MessageController()
export class UserHandler {
  constructor(
    @Inject(UserService) private readonly users: UserService,
    @Inject(MeService) private readonly meService: MeService,
  ) {}

  @MessagePattern(IdentitySubjects.me)
  me(@Payload() { auth }: MeRequest): Promise<MeResponse> {
    return this.meService.me(auth);
  }

  @MessagePattern(IdentitySubjects.findUsers)
  findUsers(@Payload() { organizationId, ids }: FindUsersRequest): Promise<FindUsersReply> {
    return this.users.find(organizationId, ids);
  }
}
