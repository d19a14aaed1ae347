import { Priority, WorkItemStatus, WorkItemType, isUuid } from '@pds/contracts';
import { z } from 'zod';
import { text } from './mcp-tool';

/** A contract enum object as a zod enum (its values). */
export function zEnum<T extends Record<string, string>>(values: T) {
  return z.enum(Object.values(values) as [T[keyof T], ...T[keyof T][]]);
}

/**
 * zod's own uuid check renders a 200-character pattern per field, and any pattern costs every field
 * that takes a uuid: tools/list has a budget. The check is a refinement, which renders nothing; the
 * field's description says uuid.
 */
export const uuid = z.string().refine((value) => isUuid(value), 'must be a uuid');
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().min(0).max(1_000_000);

/**
 * The work-item fields agents set, a subset of POST/PATCH /work-items (the service validates them
 * again). Links to strategy records and people are uuids: get_records and search show them.
 */
export const WORK_ITEM_FIELDS = {
  description: text(100_000).describe('Markdown'),
  priority: zEnum(Priority).describe('Priority'),
  status: zEnum(WorkItemStatus).describe('Workflow status'),
  storyPoints: count.describe('Estimate in points'),
  dueDate: date.describe('YYYY-MM-DD'),
  parentId: uuid.describe('Parent work item uuid'),
  sprintId: uuid.describe('Sprint uuid'),
  assigneeId: uuid.describe('User uuid'),
  ckrId: uuid.describe('OKR uuid'),
  opportunityId: uuid.describe('Opportunity uuid'),
  solutionId: uuid.describe('Solution uuid'),
  experimentId: uuid.describe('Experiment uuid'),
  labelIds: z.array(uuid).max(50).describe('Label uuids (replaces all)'),
};

const TITLE = z.string().min(2).max(200).describe('Title');
const WORK_TYPE = zEnum(WorkItemType).describe('Work-item type');

export const CREATE_WORK_ITEM_INPUT = {
  title: TITLE,
  type: WORK_TYPE,
  ...Object.fromEntries(Object.entries(WORK_ITEM_FIELDS).map(([name, schema]) => [name, schema.optional()])),
} as { title: typeof TITLE; type: typeof WORK_TYPE } & { [K in keyof typeof WORK_ITEM_FIELDS]: z.ZodOptional<(typeof WORK_ITEM_FIELDS)[K]> };

/** Clearable fields take null, as PATCH does. */
const CLEARABLE = new Set(['description', 'storyPoints', 'dueDate', 'parentId', 'sprintId', 'assigneeId', 'ckrId', 'opportunityId', 'solutionId', 'experimentId']);

export const UPDATE_WORK_ITEM_FIELDS = {
  title: TITLE.optional(),
  type: WORK_TYPE.optional(),
  ...Object.fromEntries(
    Object.entries(WORK_ITEM_FIELDS).map(([name, schema]) => [name, CLEARABLE.has(name) ? schema.nullable().optional() : schema.optional()]),
  ),
} as Record<string, z.ZodTypeAny>;
