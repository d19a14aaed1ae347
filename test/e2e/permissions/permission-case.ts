import type { ApiClient, ApiResponse, TestOrganization } from '../support/client';

export const ROLES = ['ADMIN', 'PM', 'DEV', 'STAKEHOLDER', 'GUEST'] as const;
export type RoleName = (typeof ROLES)[number];

/**
 * One row of the permission table: an operation, the roles that may perform it, and how to
 * perform it. `setup` runs once per organization as its ADMIN and returns what `run` needs (ids
 * of records to read or change). `run` must create fresh data each time it is called, so that an
 * allowed call succeeds for every role that is allowed.
 */
export interface PermissionCase<Ctx = unknown> {
  operation: string;
  allowed: readonly RoleName[];
  setup?: (org: TestOrganization) => Promise<Ctx>;
  run: (api: ApiClient, ctx: Ctx, role: RoleName) => Promise<ApiResponse>;
}

export const everyone = ROLES;
export const pmAndUp: readonly RoleName[] = ['ADMIN', 'PM'];
export const devAndUp: readonly RoleName[] = ['ADMIN', 'PM', 'DEV'];
export const stakeholderAndUp: readonly RoleName[] = ['ADMIN', 'PM', 'DEV', 'STAKEHOLDER'];
export const adminOnly: readonly RoleName[] = ['ADMIN'];

/** Keeps the table's element type while letting each row have its own context type. */
export function permissionCase<Ctx>(row: PermissionCase<Ctx>): PermissionCase {
  return row as PermissionCase;
}
