/* Response shapes of the webhooks area (subscriptions and deliveries as the interface contract shows them). */
import { arrayOf, nullable } from './shapes';

const EVENT_TYPES = [
  'work_item.created',
  'work_item.updated',
  'work_item.status_changed',
  'ckr.created',
  'ckr.updated',
  'opportunity.created',
  'experiment.concluded',
  'intake.created',
  'changelog.published',
] as const;

export const WEBHOOK_SHAPE = {
  id: 'uuid',
  url: 'string',
  description: nullable('string'),
  active: 'boolean',
  events: arrayOf(EVENT_TYPES),
  createdAt: 'timestamp',
  updatedAt: 'timestamp',
} as const;

export const CREATED_WEBHOOK_SHAPE = { ...WEBHOOK_SHAPE, secret: 'string' } as const;

export const DELIVERY_SHAPE = {
  id: 'uuid',
  webhookId: 'uuid',
  eventType: 'string',
  status: ['PENDING', 'DELIVERED', 'FAILED'],
  statusCode: nullable('integer'),
  attempts: 'integer',
  nextAttemptAt: nullable('timestamp'),
  deliveredAt: nullable('timestamp'),
  error: nullable('string'),
  createdAt: 'timestamp',
} as const;

export const ATTEMPT_SHAPE = {
  attemptedAt: 'timestamp',
  statusCode: nullable('integer'),
  latencyMs: 'integer',
  error: nullable('string'),
  responseBody: nullable('string'),
} as const;

export const ENVELOPE_SHAPE = {
  id: 'uuid',
  event: 'string',
  apiVersion: 'string',
  createdAt: 'timestamp',
  organizationId: 'uuid',
  data: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value),
} as const;
