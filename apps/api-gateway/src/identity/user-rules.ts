import { ROLES_WITHOUT_KEYS, roleRank } from '@pds/auth';
import { ConflictError, Role } from '@pds/contracts';

/** What a change of a user's role does to the user's working keys. */
export interface KeyRoleChange {
  /** The new role may hold no key (STAKEHOLDER, GUEST): every key is revoked. */
  revokeAll: boolean;
  /** Keys with one of these roles take the new role. */
  from: Role[];
}

/**
 * A key at the user's full role acts as the user and follows the role up or down, so a change takes
 * effect on the next request; a key scoped below the user stays so, but never above the new role.
 */
export function keyRoleChange(previous: Role, next: Role): KeyRoleChange {
  if (ROLES_WITHOUT_KEYS.includes(next)) return { revokeAll: true, from: [] };
  if (previous === next) return { revokeAll: false, from: [] };
  const above = Object.values(Role).filter((role) => roleRank(role) > roleRank(next));
  return { revokeAll: false, from: [...new Set([previous, ...above])].filter((role) => role !== next) };
}

/** Whether the change takes an active ADMIN away (demotion or deactivation). */
export function removesAdmin(user: { role: Role; active: boolean }, change: { role?: Role; active?: boolean }): boolean {
  if (user.role !== Role.ADMIN || !user.active) return false;
  return (change.role !== undefined && change.role !== Role.ADMIN) || change.active === false;
}

/** 409 when the change would leave the organization without an active ADMIN. */
export function assertAdminRemains(user: { id: string; role: Role; active: boolean }, change: { role?: Role; active?: boolean }, activeAdmins: number): void {
  if (removesAdmin(user, change) && activeAdmins <= 1) {
    throw new ConflictError('The last active ADMIN of the organization cannot be demoted or deactivated; make another user ADMIN first', {
      id: ['last active ADMIN'],
    });
  }
}
