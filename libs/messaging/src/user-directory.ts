import { IdentitySubjects, ReferenceCheck, ReferenceValue } from '@pds/contracts';
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

/** The user ids of a body: those that only name someone, and those that give someone work. */
export interface UserFields {
  /** Any user of the organization, deactivated included (a reporter, a mention, a watcher). */
  known?: Readonly<Record<string, ReferenceValue>>;
  /** An active user: an assignee, an owner, a product manager. */
  assigned?: Readonly<Record<string, ReferenceValue>>;
}

const idsOf = (value: ReferenceValue): readonly string[] => (value == null ? [] : typeof value === 'string' ? [value] : value);

/**
 * Checks every user id of a body in one request: each must name a user of the organization
 * (`unknown user: …`), and each of the fields that give work a user who is active (`deactivated
 * user: …`): a deactivated user keeps what was assigned before and takes nothing new.
 */
export async function checkUserIds(bus: MessageBus, organizationId: string, check: ReferenceCheck, fields: UserFields): Promise<void> {
  const all = { ...fields.known, ...fields.assigned };
  const wanted = [...new Set(Object.values(all).flatMap(idsOf))];
  if (wanted.length === 0) return;
  const { users } = await bus.request(IdentitySubjects.findUsers, { organizationId, ids: wanted });
  check.among(all, users.map((user) => user.id), 'user');
  const inactive = new Set(users.filter((user) => !user.active).map((user) => user.id));
  for (const [field, value] of Object.entries(fields.assigned ?? {})) {
    const ids = idsOf(value).filter((id) => inactive.has(id));
    if (ids.length) check.refuse(field, `deactivated user${ids.length > 1 ? 's' : ''}: ${ids.join(', ')}`);
  }
}
