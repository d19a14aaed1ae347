import { AuthContext, ForbiddenError, Role } from '@pds/contracts';

/**
 * What a caller may do, by role. This table is the single source: services check it before they
 * read or write, docs/permissions.md renders it, and one table-driven e2e test exercises it.
 */
export const Permission = Object.freeze({
  /** Users and API keys of the organization. */
  IdentityManage: 'identity.manage',
  /** Own API keys (`/me/api-keys`), e.g. one per AI agent. */
  PersonalKeys: 'me.keys',
  /** Read any record of the organization. */
  Read: 'read',
  /** Goals, planning cycles, OKRs, opportunities, solutions, experiments, interviews, insights. */
  StrategyWrite: 'strategy.write',
  /** Work items, relations, labels, teams, sprints. */
  DeliveryWrite: 'delivery.write',
  /** Comments on work items. */
  CommentWrite: 'comment.write',
  /** Submit intake, vote, report, comment on intake. */
  IntakeSubmit: 'intake.submit',
  /** Triage intake: stage, assignee, convert, moderation. */
  IntakeManage: 'intake.manage',
  /** Changelog entries. */
  ChangelogWrite: 'changelog.write',
  /** Outbound webhook subscriptions, deliveries and the event log (`GET /events`). */
  WebhooksManage: 'webhooks.manage',
  /** Repository connections. */
  RepositoriesManage: 'repositories.manage',
  /** Erase a stakeholder's name and e-mail address (`POST /intake/erasures`). */
  PersonalDataErase: 'personal-data.erase',
  /** Delete records (to the trash), see the trash, restore from it. */
  RecordsDelete: 'records.delete',
  /** The organization's audit log (per-record history needs only Read). */
  AuditRead: 'audit.read',
});
export type Permission = (typeof Permission)[keyof typeof Permission];

const ALL = Object.values(Permission);

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = Object.freeze({
  ADMIN: ALL,
  PM: ALL.filter(
    (p) =>
      p !== Permission.IdentityManage &&
      p !== Permission.WebhooksManage &&
      p !== Permission.RepositoriesManage &&
      p !== Permission.PersonalDataErase &&
      p !== Permission.AuditRead,
  ),
  DEV: [
    Permission.PersonalKeys,
    Permission.Read,
    Permission.DeliveryWrite,
    Permission.CommentWrite,
    Permission.IntakeSubmit,
  ],
  STAKEHOLDER: [Permission.Read, Permission.IntakeSubmit],
  GUEST: [Permission.Read],
});

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Access first: call before reading or writing anything. */
export function assertCan(auth: AuthContext, permission: Permission): void {
  if (!can(auth.role, permission)) {
    throw new ForbiddenError(`Role ${auth.role} may not perform this operation`, {
      role: auth.role,
      requires: permission,
    });
  }
}
