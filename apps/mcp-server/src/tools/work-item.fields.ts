import { Priority, WorkItemStatus, WorkItemType } from '@pds/contracts';
import { z } from 'zod';

/** A contract enum object as a zod enum (its values). */
export function zEnum<T extends Record<string, string>>(values: T) {
  return z.enum(Object.values(values) as [T[keyof T], ...T[keyof T][]]);
}

/** zod's own uuid check renders a 200-character pattern per field; tools/list must stay small. */
export const uuid = z.string().regex(/^[0-9a-fA-F-]{36}$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().min(0).max(1_000_000);

/**
 * The work-item fields agents set, a subset of POST/PATCH /work-items (the service validates them
 * again). Links to strategy records and people are uuids: get_records and search show them.
 */
export const WORK_ITEM_FIELDS = {
  description: z.string().max(100_000),
  priority: zEnum(Priority),
  status: zEnum(WorkItemStatus),
  storyPoints: count,
  dueDate: date,
  parentId: uuid,
  sprintId: uuid,
  assigneeId: uuid,
  ckrId: uuid,
  opportunityId: uuid,
  solutionId: uuid,
  experimentId: uuid,
  labelIds: z.array(uuid).max(50),
};

export const CREATE_WORK_ITEM_INPUT = {
  title: z.string().min(2).max(200),
  type: zEnum(WorkItemType),
  ...Object.fromEntries(Object.entries(WORK_ITEM_FIELDS).map(([name, schema]) => [name, schema.optional()])),
} as { title: z.ZodString; type: ReturnType<typeof zEnum<typeof WorkItemType>> } & { [K in keyof typeof WORK_ITEM_FIELDS]: z.ZodOptional<(typeof WORK_ITEM_FIELDS)[K]> };

/** Clearable fields take null, as PATCH does. */
const CLEARABLE = new Set(['description', 'storyPoints', 'dueDate', 'parentId', 'sprintId', 'assigneeId', 'ckrId', 'opportunityId', 'solutionId', 'experimentId']);

export const UPDATE_WORK_ITEM_FIELDS = {
  title: z.string().min(2).max(200).optional(),
  type: zEnum(WorkItemType).optional(),
  ...Object.fromEntries(
    Object.entries(WORK_ITEM_FIELDS).map(([name, schema]) => [name, CLEARABLE.has(name) ? schema.nullable().optional() : schema.optional()]),
  ),
} as Record<string, z.ZodTypeAny>;
