/* Field-by-field shapes of the delivery area (relations and sprints as the interface contract shows them; labels and teams where it is silent). */
import { Field, FieldType, WORK_ITEM_STATUSES, arrayOf, nullable } from './shapes';

const KEY = (v: unknown) => typeof v === 'string' && /^WI-\d+$/.test(v);

/** One element of a relations array. */
export const RELATED_ITEM_SHAPE: Record<string, FieldType | Field> = {
  relationId: 'uuid',
  id: 'uuid',
  key: KEY,
  title: 'string',
  status: WORK_ITEM_STATUSES,
  assigneeId: nullable('uuid'),
};

const relatedList = (v: unknown) =>
  Array.isArray(v) && v.every((item) => typeof item === 'object' && item !== null && Object.keys(RELATED_ITEM_SHAPE).every((k) => k in item));

/** The interface contract's relations: five arrays, always present. */
export const RELATIONS_SHAPE: Record<string, FieldType | Field> = {
  blocks: relatedList,
  blockedBy: relatedList,
  relatesTo: relatedList,
  duplicates: relatedList,
  duplicatedBy: relatedList,
};

export const LABEL_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  name: 'string',
  color: (v) => typeof v === 'string' && /^#[0-9a-f]{6}$/.test(v),
  createdAt: 'timestamp',
};

export const TEAM_SHAPE: Record<string, FieldType | Field> = { id: 'uuid', name: 'string', createdAt: 'timestamp' };

/** A sprint as the interface contract shows it. */
export const SPRINT_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  name: 'string',
  goal: nullable('string'),
  startDate: 'date',
  endDate: 'date',
  status: ['PLANNED', 'ACTIVE', 'COMPLETED'],
  teamId: nullable('uuid'),
  archivedAt: nullable('timestamp'),
};

export const COMMENT_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  workItemId: 'uuid',
  authorId: 'uuid',
  body: 'string',
  mentionedUserIds: (v) => Array.isArray(v) && v.every((id) => typeof id === 'string'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};

const SOURCES = ['SALES', 'CUSTOMER_SUPPORT', 'MARKETING', 'PRODUCT', 'ENGINEERING', 'OTHER'];
const REPORT_REASONS = ['SPAM', 'HARASSMENT', 'HATEFUL_CONTENT', 'PERSONAL_DATA', 'ILLEGAL_CONTENT', 'OTHER'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** An intake submission as the interface contract shows it (plus `key`, INT-n). */
export const INTAKE_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  key: (v) => typeof v === 'string' && /^INT-\d+$/.test(v),
  kind: ['BUG', 'IMPROVEMENT'],
  title: 'string',
  description: nullable('string'),
  source: nullable(SOURCES),
  stage: ['SUBMITTED', 'IN_PREPARATION', 'IN_PROGRESS', 'DONE'],
  submittedById: nullable('uuid'),
  assigneeId: nullable('uuid'),
  workItemId: nullable('uuid'),
  workItemKey: nullable((v) => typeof v === 'string' && /^WI-\d+$/.test(v)),
  workItemStatus: nullable(WORK_ITEM_STATUSES),
  opportunityId: nullable('uuid'),
  opportunityKey: nullable('string'),
  viaPortal: 'boolean',
  isPublic: 'boolean',
  moderationState: ['CLEAN', 'FLAGGED', 'HIDDEN'],
  openReportCount: (v) => Number.isInteger(v) && (v as number) >= 0,
  moderationReports: (v) =>
    Array.isArray(v) &&
    v.every(
      (r) =>
        isObject(r) &&
        typeof r.id === 'string' &&
        REPORT_REASONS.includes(r.reason as string) &&
        (r.details === null || typeof r.details === 'string') &&
        typeof r.createdAt === 'string',
    ),
  votes: 'integer',
  submitterName: nullable('string'),
  submitterEmail: nullable('string'),
  completedAt: nullable('timestamp'),
  watcherIds: (v) => Array.isArray(v) && v.every((id) => typeof id === 'string'),
  createdAt: 'timestamp',
};

/** A submission as the public portal shows it: no contact data, no internal ids. */
export const PUBLIC_INTAKE_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  key: (v) => typeof v === 'string' && /^INT-\d+$/.test(v),
  kind: ['BUG', 'IMPROVEMENT'],
  title: 'string',
  description: nullable('string'),
  stage: ['SUBMITTED', 'IN_PREPARATION', 'IN_PROGRESS', 'DONE'],
  votes: 'integer',
  viaPortal: 'boolean',
  completedAt: nullable('timestamp'),
  createdAt: 'timestamp',
};

export const PUBLIC_CHANGELOG_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  title: 'string',
  body: 'string',
  publishedAt: 'timestamp',
  createdAt: 'timestamp',
};

export const ORGANIZATION_SETTINGS_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  name: 'string',
  slug: 'string',
  portalEnabled: 'boolean',
  portalAllowedOrigins: arrayOf('string'),
  portalAccentColor: nullable('string'),
  autoArchiveDays: nullable('integer'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};

export const CHANGELOG_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  title: 'string',
  body: 'string',
  status: ['DRAFT', 'PUBLISHED'],
  workItemIds: (v) => Array.isArray(v) && v.every((id) => typeof id === 'string'),
  publishedAt: nullable('timestamp'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};
