import { IdentitySubjects } from '@pds/contracts';
import { MessageBus } from './message-bus';

/**
 * The user directory as the other contexts see it: identity (the gateway) owns the users, so a
 * context asks it over the bus which of the given ids name users of the organization (one request,
 * none for no ids). The apps that call it declare `IdentitySubjects.findUsers` among their requests
 * (APP_MESSAGING); the permissions spec reads this file for them.
 */
export async function existingUserIds(bus: MessageBus, organizationId: string, ids: Iterable<string>): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const { users } = await bus.request(IdentitySubjects.findUsers, { organizationId, ids: wanted });
  return users.map((user) => user.id);
}
