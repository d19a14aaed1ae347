/* Field-by-field response checks against the interface contract's field tables. */
import type { Json } from './client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type FieldType =
  | 'uuid'
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'timestamp'
  | 'date'
  | readonly string[]
  | ((value: unknown) => boolean);

/** `nullable(x)`: the key must be present; its value is null or of type x. */
export interface Field {
  type: FieldType;
  nullable?: boolean;
  optional?: boolean;
}

export const nullable = (type: FieldType): Field => ({ type, nullable: true });
export const arrayOf = (type: FieldType) => (value: unknown) => Array.isArray(value) && value.every((v) => matches(type, v));

function matches(type: FieldType, value: unknown): boolean {
  if (typeof type === 'function') return type(value);
  if (Array.isArray(type)) return typeof value === 'string' && type.includes(value);
  switch (type) {
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value);
    case 'date':
      return typeof value === 'string' && DATE.test(value);
    default:
      return false;
  }
}

/** Returns the list of violations, so one failing assertion names every wrong field. */
export function shapeViolations(body: Json, shape: Record<string, FieldType | Field>): string[] {
  const problems: string[] = [];
  if (typeof body !== 'object' || body === null) return [`expected an object, got ${JSON.stringify(body)}`];
  for (const [key, spec] of Object.entries(shape)) {
    const field: Field = typeof spec === 'object' && !Array.isArray(spec) && 'type' in spec ? (spec as Field) : { type: spec as FieldType };
    if (!(key in body)) {
      if (!field.optional) problems.push(`${key}: missing`);
      continue;
    }
    const value = body[key];
    if (value === null ? !field.nullable : !matches(field.type, value)) problems.push(`${key}: unexpected ${JSON.stringify(value)}`);
  }
  return problems;
}

export const WORK_ITEM_TYPES = ['FEATURE', 'EPIC', 'STORY', 'TASK', 'BUG', 'SPIKE', 'IMPROVEMENT'] as const;
export const WORK_ITEM_STATUSES = ['BACKLOG', 'TODO', 'IN_PROGRESS', 'IN_REVIEW', 'TESTING_LOCAL', 'DEPLOY', 'TESTING_LIVE', 'DONE', 'CANCELLED'] as const;
export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const SOURCES = ['SALES', 'CUSTOMER_SUPPORT', 'MARKETING', 'PRODUCT', 'ENGINEERING', 'OTHER'] as const;

/** A work item, field for field as the interface contract shows it. */
export const WORK_ITEM_SHAPE: Record<string, FieldType | Field> = {
  id: 'uuid',
  key: (v) => typeof v === 'string' && /^WI-\d+$/.test(v),
  title: 'string',
  description: nullable('string'),
  type: WORK_ITEM_TYPES,
  status: WORK_ITEM_STATUSES,
  priority: PRIORITIES,
  adHoc: 'boolean',
  carryOverCount: 'integer',
  estimate: nullable('integer'),
  storyPoints: nullable('integer'),
  dueDate: nullable('date'),
  ckrId: nullable('uuid'),
  opportunityId: nullable('uuid'),
  solutionId: nullable('uuid'),
  maintenanceCategory: nullable(['BUG', 'SUPPORT', 'HOTFIX', 'SMALL_IMPROVEMENT']),
  discipline: nullable(['BACKEND', 'FRONTEND', 'FULLSTACK']),
  classification: ['ckr', 'maintenance', 'unclassified'],
  parentId: nullable('uuid'),
  sprintId: nullable('uuid'),
  assigneeId: nullable('uuid'),
  reporterId: nullable('uuid'),
  reporterSource: nullable(SOURCES),
  productManagerId: nullable('uuid'),
  experimentKind: nullable(['TEST', 'FEATURE']),
  experimentId: nullable('uuid'),
  labels: arrayOf((l) => shapeViolations(l, { id: 'uuid', name: 'string', color: 'string' }).length === 0),
  blockedByCount: 'integer',
  isBlocked: 'boolean',
  archivedAt: nullable('timestamp'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
  activated: { type: 'boolean', optional: true },
};

/** The interface contract's error body. */
export const ERROR_SHAPE: Record<string, FieldType | Field> = {
  error: 'string',
  message: 'string',
  details: { type: (v) => typeof v === 'object' && v !== null && !Array.isArray(v), optional: true },
};
