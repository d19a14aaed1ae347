import { Inject, Injectable } from '@nestjs/common';
import { IdentitySubjects } from '@pds/contracts';
import { MessageBus } from './message-bus';

/**
 * The users of an organization as the other contexts see them: identity (the gateway) owns them, so
 * a context asks it over the bus. The apps that use it declare `IdentitySubjects.findUsers` among
 * their requests (APP_MESSAGING); the permissions spec reads this file for them.
 */
@Injectable()
export class UserDirectory {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  /** The ids among `ids` that name users of the organization: one request, none for no ids. */
  async existingIds(organizationId: string, ids: Iterable<string>): Promise<string[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    const { users } = await this.bus.request(IdentitySubjects.findUsers, { organizationId, ids: wanted });
    return users.map((user) => user.id);
  }
}
