import { Role } from '@pds/contracts';

/** ADMIN > PM > DEV > STAKEHOLDER > GUEST. */
const RANK: Readonly<Record<Role, number>> = Object.freeze({
  ADMIN: 5,
  PM: 4,
  DEV: 3,
  STAKEHOLDER: 2,
  GUEST: 1,
});

export function roleRank(role: Role): number {
  return RANK[role];
}

export function roleAtMost(role: Role, ceiling: Role): boolean {
  return RANK[role] <= RANK[ceiling];
}

/** Users with these roles get no API key (as the interface contract requires). */
export const ROLES_WITHOUT_KEYS: readonly Role[] = Object.freeze([Role.STAKEHOLDER, Role.GUEST]);
