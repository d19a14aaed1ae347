import { Discipline, MaintenanceCategory, Priority, WorkItemStatus, WorkItemType } from '@pds/contracts';
import { z } from 'zod';

/** A contract enum object as a zod enum (its values). */
export function zEnum<T extends Record<string, string>>(values: T) {
  return z.enum(Object.values(values) as [T[keyof T], ...T[keyof T][]]);
}

const uuid = z.string().uuid();
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const count = z.number().int().min(0);

/**
 * The work-item fields agents set, as in POST/PATCH /work-items (the service validates them again).
 * Links to strategy records and people are uuids: get_records and search show them.
 */
export const WORK_ITEM_FIELDS = {
  description: z.string().max(100_000),
  priority: zEnum(Priority),
  status: zEnum(WorkItemStatus),
  estimate: count,
  storyPoints: count,
  dueDate: date,
  parentId: uuid,
  sprintId: uuid,
  assigneeId: uuid,
  ckrId: uuid,
  opportunityId: uuid,
  solutionId: uuid,
  experimentId: uuid,
  maintenanceCategory: zEnum(MaintenanceCategory),
  discipline: zEnum(Discipline),
  labelIds: z.array(uuid).max(50),
};

export const CREATE_WORK_ITEM_INPUT = {
  title: z.string().min(2).max(200),
  type: zEnum(WorkItemType),
  ...Object.fromEntries(Object.entries(WORK_ITEM_FIELDS).map(([name, schema]) => [name, schema.optional()])),
} as { title: z.ZodString; type: ReturnType<typeof zEnum<typeof WorkItemType>> } & { [K in keyof typeof WORK_ITEM_FIELDS]: z.ZodOptional<(typeof WORK_ITEM_FIELDS)[K]> };

/** Clearable fields take null, as PATCH does. */
const CLEARABLE = new Set(['description', 'estimate', 'storyPoints', 'dueDate', 'parentId', 'sprintId', 'assigneeId', 'ckrId', 'opportunityId', 'solutionId', 'experimentId', 'maintenanceCategory', 'discipline']);

export const UPDATE_WORK_ITEM_FIELDS = {
  title: z.string().min(2).max(200).optional(),
  type: zEnum(WorkItemType).optional(),
  ...Object.fromEntries(
    Object.entries(WORK_ITEM_FIELDS).map(([name, schema]) => [name, CLEARABLE.has(name) ? schema.nullable().optional() : schema.optional()]),
  ),
} as Record<string, z.ZodTypeAny>;
