/**
 * Every enum of the wire, defined once. Const objects (not TS enums) so that the string unions are
 * structurally compatible with the enums Prisma generates for the same values.
 */
export function defineEnum<const T extends Record<string, string>>(o: T): T {
  return Object.freeze(o);
}

/** The values of an enum object, for `@IsIn(enumValues(X))`. */
export function enumValues(o: object): string[] {
  return Object.values(o) as string[];
}

export const Role = defineEnum({ ADMIN: 'ADMIN', PM: 'PM', DEV: 'DEV', STAKEHOLDER: 'STAKEHOLDER', GUEST: 'GUEST' });
export type Role = (typeof Role)[keyof typeof Role];

export const Priority = defineEnum({ LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH', CRITICAL: 'CRITICAL' });
export type Priority = (typeof Priority)[keyof typeof Priority];

export const WorkItemType = defineEnum({
  FEATURE: 'FEATURE',
  EPIC: 'EPIC',
  STORY: 'STORY',
  TASK: 'TASK',
  BUG: 'BUG',
  SPIKE: 'SPIKE',
  IMPROVEMENT: 'IMPROVEMENT',
});
export type WorkItemType = (typeof WorkItemType)[keyof typeof WorkItemType];

export const WorkItemStatus = defineEnum({
  BACKLOG: 'BACKLOG',
  TODO: 'TODO',
  IN_PROGRESS: 'IN_PROGRESS',
  IN_REVIEW: 'IN_REVIEW',
  TESTING_LOCAL: 'TESTING_LOCAL',
  DEPLOY: 'DEPLOY',
  TESTING_LIVE: 'TESTING_LIVE',
  DONE: 'DONE',
  CANCELLED: 'CANCELLED',
});
export type WorkItemStatus = (typeof WorkItemStatus)[keyof typeof WorkItemStatus];

export const MaintenanceCategory = defineEnum({
  BUG: 'BUG',
  SUPPORT: 'SUPPORT',
  HOTFIX: 'HOTFIX',
  SMALL_IMPROVEMENT: 'SMALL_IMPROVEMENT',
});
export type MaintenanceCategory = (typeof MaintenanceCategory)[keyof typeof MaintenanceCategory];

export const Discipline = defineEnum({ BACKEND: 'BACKEND', FRONTEND: 'FRONTEND', FULLSTACK: 'FULLSTACK' });
export type Discipline = (typeof Discipline)[keyof typeof Discipline];

export const Classification = defineEnum({ ckr: 'ckr', maintenance: 'maintenance', unclassified: 'unclassified' });
export type Classification = (typeof Classification)[keyof typeof Classification];

export const ReporterSource = defineEnum({
  SALES: 'SALES',
  CUSTOMER_SUPPORT: 'CUSTOMER_SUPPORT',
  MARKETING: 'MARKETING',
  PRODUCT: 'PRODUCT',
  ENGINEERING: 'ENGINEERING',
  OTHER: 'OTHER',
});
export type ReporterSource = (typeof ReporterSource)[keyof typeof ReporterSource];

export const ExperimentKind = defineEnum({ TEST: 'TEST', FEATURE: 'FEATURE' });
export type ExperimentKind = (typeof ExperimentKind)[keyof typeof ExperimentKind];

export const SprintStatus = defineEnum({ PLANNED: 'PLANNED', ACTIVE: 'ACTIVE', COMPLETED: 'COMPLETED' });
export type SprintStatus = (typeof SprintStatus)[keyof typeof SprintStatus];
