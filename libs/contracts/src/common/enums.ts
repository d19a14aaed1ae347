/**
 * Every enum of the wire, defined once. Const objects (not TS enums) so that the string unions are
 * structurally compatible with the enums Prisma generates for the same values. Each key is its value
 * (`WorkItemStatus.DONE === 'DONE'`), so the values are written once, in wire order (the order the
 * OpenAPI document lists them), and a key cannot drift from its value.
 */
export function defineEnum<const V extends string>(values: readonly V[]): Readonly<{ [K in V]: K }> {
  return Object.freeze(Object.fromEntries(values.map((value) => [value, value]))) as { [K in V]: K };
}

/** The values of an enum object, for `@IsIn(enumValues(X))`. */
export function enumValues(o: object): string[] {
  return Object.values(o) as string[];
}

export const Role = defineEnum(['ADMIN', 'PM', 'DEV', 'STAKEHOLDER', 'GUEST']);
export type Role = (typeof Role)[keyof typeof Role];

export const Priority = defineEnum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']);
export type Priority = (typeof Priority)[keyof typeof Priority];

export const WorkItemType = defineEnum(['FEATURE', 'EPIC', 'STORY', 'TASK', 'BUG', 'SPIKE', 'IMPROVEMENT']);
export type WorkItemType = (typeof WorkItemType)[keyof typeof WorkItemType];

export const WorkItemStatus = defineEnum(['BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'TESTING_LOCAL', 'DEPLOY', 'TESTING_LIVE', 'DONE', 'CANCELLED']);
export type WorkItemStatus = (typeof WorkItemStatus)[keyof typeof WorkItemStatus];

export const MaintenanceCategory = defineEnum(['BUG', 'SUPPORT', 'HOTFIX', 'SMALL_IMPROVEMENT']);
export type MaintenanceCategory = (typeof MaintenanceCategory)[keyof typeof MaintenanceCategory];

export const Discipline = defineEnum(['BACKEND', 'FRONTEND', 'FULLSTACK']);
export type Discipline = (typeof Discipline)[keyof typeof Discipline];

export const Classification = defineEnum(['ckr', 'maintenance', 'unclassified']);
export type Classification = (typeof Classification)[keyof typeof Classification];

export const ReporterSource = defineEnum(['SALES', 'CUSTOMER_SUPPORT', 'MARKETING', 'PRODUCT', 'ENGINEERING', 'OTHER']);
export type ReporterSource = (typeof ReporterSource)[keyof typeof ReporterSource];

export const ExperimentKind = defineEnum(['TEST', 'FEATURE']);
export type ExperimentKind = (typeof ExperimentKind)[keyof typeof ExperimentKind];

export const SprintStatus = defineEnum(['PLANNED', 'ACTIVE', 'COMPLETED']);
export type SprintStatus = (typeof SprintStatus)[keyof typeof SprintStatus];

/** Who made a change: a person's key, a repository automation, the public portal, the operator, the service itself. */
export const AuditActorType = defineEnum(['USER', 'AUTOMATION', 'PORTAL', 'OPERATOR', 'SYSTEM']);
export type AuditActorType = (typeof AuditActorType)[keyof typeof AuditActorType];

/** The edge a change came through; the edge stamps it on the caller's auth, so it travels with every bus message. */
export const AuditVia = defineEnum(['REST', 'MCP', 'GIT', 'PORTAL', 'OPERATOR', 'SYSTEM']);
export type AuditVia = (typeof AuditVia)[keyof typeof AuditVia];
