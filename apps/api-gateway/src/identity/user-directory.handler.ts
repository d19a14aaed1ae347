import { Inject } from '@nestjs/common';
import { FindUsersReply, FindUsersRequest, IdentitySubjects } from '@pds/contracts';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MessageController } from '@pds/messaging';
import { UserService } from './user.service';

/** Which users of an organization exist, for the contexts that check ids they are given. */
@MessageController()
export class UserDirectoryHandler {
  constructor(@Inject(UserService) private readonly users: UserService) {}

  @MessagePattern(IdentitySubjects.findUsers)
  findUsers(@Payload() { organizationId, ids }: FindUsersRequest): Promise<FindUsersReply> {
    return this.users.find(organizationId, ids);
  }
}
