/* Field-by-field shapes of the strategy and discovery records (as the interface contract shows them, and our extensions). */
import { Field, FieldType, arrayOf, nullable, shapeViolations } from './shapes';

type Shape = Record<string, FieldType | Field>;

export const KEY_RESULT_SHAPE: Shape = {
  id: 'uuid',
  title: 'string',
  metric: nullable('string'),
  targetValue: nullable('number'),
  currentValue: nullable('number'),
  unit: nullable('string'),
  status: ['ON_TRACK', 'AT_RISK', 'OFF_TRACK', 'ACHIEVED'],
};

export const CKR_SHAPE: Shape = {
  id: 'uuid',
  key: (v) => typeof v === 'string' && /^OKR-\d+$/.test(v),
  annualGoalId: 'uuid',
  productGoalId: nullable('uuid'),
  planningCycleIds: arrayOf('uuid'),
  ownerId: nullable('uuid'),
  title: 'string',
  description: nullable('string'),
  confidence: 'integer',
  status: ['DRAFT', 'ACTIVE', 'AT_RISK', 'ACHIEVED', 'MISSED', 'ARCHIVED'],
  keyResults: arrayOf((v) => typeof v === 'object' && v !== null && keyResultViolations(v).length === 0),
  createdAt: 'timestamp',
};

export const OPPORTUNITY_SHAPE: Shape = {
  id: 'uuid',
  key: (v) => typeof v === 'string' && /^OPP-\d+$/.test(v),
  productGoalId: nullable('uuid'),
  ckrId: nullable('uuid'),
  title: 'string',
  description: nullable('string'),
  priority: ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'],
  impact: 'integer',
  confidence: 'integer',
  reach: nullable('integer'),
  effort: nullable('integer'),
  score: nullable('number'),
  riceScore: nullable('number'),
  status: ['NEW', 'EXPLORING', 'VALIDATED', 'DISCARDED', 'PROMOTED'],
  ownerId: nullable('uuid'),
  isMirror: 'boolean',
  insightIds: arrayOf('uuid'),
  archivedAt: nullable('timestamp'),
  createdAt: 'timestamp',
};

export const SOLUTION_SHAPE: Shape = {
  id: 'uuid',
  opportunityId: 'uuid',
  title: 'string',
  description: nullable('string'),
  impact: 'integer',
  effort: 'integer',
  confidence: 'integer',
  status: ['PROPOSED', 'SELECTED', 'EXPERIMENTING', 'VALIDATED', 'REJECTED'],
  archivedAt: nullable('timestamp'),
};

export const EXPERIMENT_SHAPE: Shape = {
  id: 'uuid',
  key: (v) => typeof v === 'string' && /^EXP-\d+$/.test(v),
  ckrId: 'uuid',
  solutionId: nullable('uuid'),
  title: 'string',
  hypothesis: nullable('string'),
  successMetrics: arrayOf('string'),
  result: nullable('string'),
  status: ['DRAFT', 'RUNNING', 'SUCCEEDED', 'FAILED', 'INCONCLUSIVE'],
  archivedAt: nullable('timestamp'),
  createdAt: 'timestamp',
};

export const ANNUAL_GOAL_SHAPE: Shape = {
  id: 'uuid',
  title: 'string',
  description: nullable('string'),
  explanation: nullable('string'),
  year: nullable('integer'),
  archivedAt: nullable('timestamp'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};

export const PRODUCT_GOAL_SHAPE: Shape = {
  id: 'uuid',
  annualGoalId: nullable('uuid'),
  title: 'string',
  description: nullable('string'),
  explanation: nullable('string'),
  archivedAt: nullable('timestamp'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};

export const PLANNING_CYCLE_SHAPE: Shape = {
  id: 'uuid',
  name: 'string',
  startDate: nullable('date'),
  endDate: nullable('date'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};

export const INTERVIEW_SHAPE: Shape = {
  id: 'uuid',
  title: 'string',
  participant: nullable('string'),
  conductedAt: nullable('timestamp'),
  transcript: nullable('string'),
  summary: nullable('string'),
  analysis: nullable('string'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};

export const INSIGHT_SHAPE: Shape = {
  id: 'uuid',
  interviewId: nullable('uuid'),
  title: 'string',
  description: nullable('string'),
  quotes: arrayOf('string'),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
};


function keyResultViolations(value: object): string[] {
  return shapeViolations(value, KEY_RESULT_SHAPE);
}
