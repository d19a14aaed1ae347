import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreateIntakeRequest, PortalVoteRequest } from '../delivery/delivery.subjects';
import { ConcludeExperimentRequest, CreateCkrRequest, UpdateOpportunityRequest } from '../strategy/strategy.subjects';
import { CreateWebhookRequest } from '../webhooks/webhook.subjects';
import { CreateWorkItemRequest, ListWorkItemsRequest, UpdateWorkItemRequest } from '../work-items/work-item.subjects';
import { isCertainlyValid } from './fast-validation';

const auth = { organizationId: '6f1c1a7e-3a7c-4b8e-9a52-1c2d3e4f5a6b', userId: '7f1c1a7e-3a7c-4b8e-9a52-1c2d3e4f5a6b', role: 'PM', keyId: 'k' };
const uuid = '00000000-0000-4000-8000-000000000001';

/** Valid messages of several shapes: nested DTOs, nullable and optional fields, id lists, enums, numbers. */
const samples: [new () => object, Record<string, unknown>][] = [
  [CreateWorkItemRequest, { auth, body: { title: 'Ship it', type: 'TASK', priority: 'HIGH', estimate: 3, labelIds: [uuid], dueDate: '2026-12-01' } }],
  [UpdateWorkItemRequest, { auth, id: 'WI-1', body: { title: 'Renamed', estimate: null, parentId: null, status: 'DONE' } }],
  [ListWorkItemsRequest, { auth, query: { status: ['TODO', 'DONE'], limit: 20, q: 'x' } }],
  [CreateIntakeRequest, { auth, body: { kind: 'IMPROVEMENT', title: 'Dark mode', description: 'Please' } }],
  [PortalVoteRequest, { organizationId: uuid, id: 'INT-1', body: { email: 'a@b.io' } }],
  [CreateCkrRequest, { auth, body: { title: 'Grow', annualGoalId: uuid, planningCycleIds: [uuid], keyResults: [{ title: 'More', targetValue: 10 }] } }],
  [UpdateOpportunityRequest, { auth, id: 'OPP-1', body: { impact: 3, reach: null } }],
  [ConcludeExperimentRequest, { auth, id: 'EXP-1' }],
  [ConcludeExperimentRequest, { auth, id: 'EXP-1', body: { outcome: 'SUCCEEDED' } }],
  [CreateWebhookRequest, { auth, body: { url: 'https://example.com/hook', events: ['work_item.created'] } }],
];

const badValues: unknown[] = [undefined, null, 0, -1, 3.5, 2 ** 40, '', 'x'.repeat(300), true, [], [1], {}, { a: 1 }, 'not-a-uuid'];

function fullyValid(cls: new () => object, input: object): boolean {
  const instance = plainToInstance(cls, input);
  return validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }).length === 0;
}

function fastValid(cls: new () => object, input: object): boolean {
  return isCertainlyValid(plainToInstance(cls, input));
}

/** Every field of the message (nested ones too) replaced by each bad value, and an unknown field added. */
function variants(input: Record<string, unknown>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [{ ...input, unknown: 1 }];
  for (const [key, value] of Object.entries(input)) {
    for (const bad of badValues) out.push({ ...input, [key]: bad });
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of variants(value as Record<string, unknown>)) out.push({ ...input, [key]: inner });
    }
  }
  return out;
}

describe('isCertainlyValid agrees with class-validator', () => {
  it.each(samples.map(([cls, input]) => [cls.name, cls, input] as const))('%s: the valid sample and every variant', (_name, cls, input) => {
    expect(fastValid(cls, input)).toBe(true);
    const cases = variants(input);
    let invalid = 0;
    for (const variant of cases) {
      const expected = fullyValid(cls, variant);
      if (!expected) invalid += 1;
      expect({ variant, valid: fastValid(cls, variant) }).toEqual({ variant, valid: expected });
    }
    // The variants really probe the rules: most of them are refused.
    expect(invalid).toBeGreaterThan(cases.length / 2);
  });
});
