/* Field-by-field shapes of the delivery area (contract 2.7, 2.8; labels and teams where it is silent). */
import { Field, FieldType, WORK_ITEM_STATUSES, nullable } from './shapes';

const KEY = (v: unknown) => typeof v === 'string' && /^WI-\d+$/.test(v);

/** One element of a relations array (contract 2.7). */
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

/** Contract 2.7: five arrays, always present. */
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

/** Contract 2.8. */
export const SPRINT_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  name: 'string',
  goal: nullable('string'),
  startDate: 'date',
  endDate: 'date',
  status: ['PLANNED', 'ACTIVE', 'COMPLETED'],
  teamId: nullable('uuid'),
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
