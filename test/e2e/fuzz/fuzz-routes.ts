/**
 * Every route the fuzzer sends input to. `{kind}` placeholders are path ids: the fuzzer fills them
 * with the caller's own records of that kind, another organization's, keys, and junk.
 */
export type IdKind =
  | 'workItem'
  | 'comment'
  | 'relation'
  | 'intake'
  | 'annualGoal'
  | 'productGoal'
  | 'planningCycle'
  | 'ckr'
  | 'keyResult'
  | 'opportunity'
  | 'solution'
  | 'experiment'
  | 'interview'
  | 'insight'
  | 'sprint'
  | 'changelog'
  | 'webhook'
  | 'delivery'
  | 'apiKey'
  | 'repository';

export interface FuzzRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  /** The public portal: no key, `{slug}` is the organization's portal. */
  public?: boolean;
}

const crud = (base: string, kind: IdKind): FuzzRoute[] => [
  { method: 'GET', path: base },
  { method: 'POST', path: base },
  { method: 'GET', path: `${base}/{${kind}}` },
  { method: 'PATCH', path: `${base}/{${kind}}` },
];

export const FUZZ_ROUTES: FuzzRoute[] = [
  ...crud('/api/v1/work-items', 'workItem'),
  { method: 'GET', path: '/api/v1/work-items/{workItem}/relations' },
  { method: 'POST', path: '/api/v1/work-items/{workItem}/relations' },
  { method: 'DELETE', path: '/api/v1/work-items/{workItem}/relations/{relation}' },
  { method: 'GET', path: '/api/v1/work-items/{workItem}/comments' },
  { method: 'POST', path: '/api/v1/work-items/{workItem}/comments' },
  { method: 'PATCH', path: '/api/v1/work-items/{workItem}/comments/{comment}' },
  { method: 'DELETE', path: '/api/v1/work-items/{workItem}/comments/{comment}' },
  { method: 'GET', path: '/api/v1/labels' },
  { method: 'POST', path: '/api/v1/labels' },
  { method: 'GET', path: '/api/v1/teams' },
  { method: 'POST', path: '/api/v1/teams' },
  ...crud('/api/v1/sprints', 'sprint'),
  ...crud('/api/v1/intake', 'intake'),
  { method: 'POST', path: '/api/v1/intake/{intake}/votes' },
  { method: 'DELETE', path: '/api/v1/intake/{intake}/votes' },
  { method: 'POST', path: '/api/v1/intake/{intake}/reports' },
  { method: 'POST', path: '/api/v1/intake/{intake}/convert' },
  { method: 'GET', path: '/api/v1/intake/{intake}/comments' },
  { method: 'POST', path: '/api/v1/intake/{intake}/comments' },
  { method: 'GET', path: '/api/v1/changelog' },
  { method: 'POST', path: '/api/v1/changelog' },
  { method: 'PATCH', path: '/api/v1/changelog/{changelog}' },
  { method: 'POST', path: '/api/v1/changelog/{changelog}/publish' },
  ...crud('/api/v1/annual-goals', 'annualGoal'),
  ...crud('/api/v1/product-goals', 'productGoal'),
  ...crud('/api/v1/planning-cycles', 'planningCycle'),
  ...crud('/api/v1/ckrs', 'ckr'),
  { method: 'PATCH', path: '/api/v1/ckrs/{ckr}/key-results/{keyResult}' },
  ...crud('/api/v1/opportunities', 'opportunity'),
  { method: 'POST', path: '/api/v1/opportunities/{opportunity}/promote' },
  { method: 'POST', path: '/api/v1/opportunities/{opportunity}/solutions' },
  ...crud('/api/v1/solutions', 'solution'),
  ...crud('/api/v1/experiments', 'experiment'),
  { method: 'POST', path: '/api/v1/experiments/{experiment}/conclude' },
  ...crud('/api/v1/interviews', 'interview'),
  ...crud('/api/v1/insights', 'insight'),
  { method: 'GET', path: '/api/v1/webhooks' },
  { method: 'POST', path: '/api/v1/webhooks' },
  { method: 'PATCH', path: '/api/v1/webhooks/{webhook}' },
  { method: 'DELETE', path: '/api/v1/webhooks/{webhook}' },
  { method: 'POST', path: '/api/v1/webhooks/{webhook}/test' },
  { method: 'POST', path: '/api/v1/webhooks/{webhook}/rotate-secret' },
  { method: 'GET', path: '/api/v1/webhooks/deliveries' },
  { method: 'GET', path: '/api/v1/webhooks/deliveries/{delivery}' },
  { method: 'POST', path: '/api/v1/webhooks/deliveries/{delivery}/redeliver' },
  { method: 'GET', path: '/api/v1/users' },
  { method: 'POST', path: '/api/v1/users' },
  { method: 'GET', path: '/api/v1/api-keys' },
  { method: 'POST', path: '/api/v1/api-keys' },
  { method: 'DELETE', path: '/api/v1/api-keys/{apiKey}' },
  { method: 'GET', path: '/api/v1/me' },
  { method: 'GET', path: '/api/v1/me/api-keys' },
  { method: 'POST', path: '/api/v1/me/api-keys' },
  { method: 'DELETE', path: '/api/v1/me/api-keys/{apiKey}' },
  { method: 'GET', path: '/api/v1/organization' },
  { method: 'PATCH', path: '/api/v1/organization' },
  { method: 'POST', path: '/api/v1/repositories/preview-links' },
  ...crud('/api/v1/repositories', 'repository'),
  { method: 'DELETE', path: '/api/v1/repositories/{repository}' },
  { method: 'POST', path: '/api/v1/repositories/{repository}/rotate-secret' },
  { method: 'GET', path: '/api/v1/work-items/{workItem}/artifacts' },
  { method: 'GET', path: '/public/portals/{slug}/intake', public: true },
  { method: 'POST', path: '/public/portals/{slug}/intake', public: true },
  { method: 'GET', path: '/public/portals/{slug}/intake/{intake}', public: true },
  { method: 'POST', path: '/public/portals/{slug}/intake/{intake}/votes', public: true },
];

/** Field names of the contracts' bodies and queries: generated bodies use them, and unknown ones. */
export const FIELD_NAMES = [
  'title', 'type', 'status', 'priority', 'description', 'estimate', 'storyPoints', 'dueDate', 'parentId', 'assigneeId',
  'sprintId', 'labelIds', 'opportunityId', 'solutionId', 'experimentId', 'ckrId', 'adHoc', 'expectedUpdatedAt', 'name',
  'color', 'teamId', 'startDate', 'endDate', 'goal', 'body', 'mentionedUserIds', 'kind', 'source', 'watcherIds', 'isPublic',
  'reason', 'target', 'email', 'url', 'events', 'active', 'annualGoalId', 'productGoalId', 'planningCycleIds', 'keyResults',
  'confidence', 'impact', 'reach', 'effort', 'insightIds', 'hypothesis', 'outcome', 'result', 'participant', 'conductedAt',
  'transcript', 'summary', 'analysis', 'quote', 'interviewId', 'year', 'explanation', 'submitterName', 'submitterEmail',
  'role', 'userId', 'workItemIds', 'portalEnabled', 'metric', 'targetValue', 'currentValue', 'unit', 'relatedWorkItemId',
  'ownerId', 'metric', 'moderationState', 'stage', 'content', 'provider', 'fullName', 'webUrl', 'defaultBranch', 'automations',
  'onBranchCreated', 'onPullRequestMerged', 'text', 'portalAllowedOrigins',
];

/**
 * Every name a plain object answers to through Object.prototype (constructor, __proto__, toString,
 * valueOf, hasOwnProperty, isPrototypeOf, __defineGetter__, …, read from the running Node, so a new
 * one is never missed) and `prototype`: the generators use them as keys at every depth, inside
 * arrays, and as values (a nested `{"constructor": "x"}` was once a 500 on every write route).
 */
export const PROTOTYPE_NAMES = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

export const QUERY_NAMES = [
  'limit', 'cursor', 'status', 'type', 'q', 'updatedSince', 'sprintId', 'assigneeId', 'labelId', 'ckrId', 'webhookId',
  'planningCycleId', 'annualGoalId', 'productGoalId', 'opportunityId', 'solutionId', 'experimentId', 'kind', 'stage',
];

export const ENUM_WORDS = [
  'TASK', 'BUG', 'FEATURE', 'EPIC', 'DONE', 'CANCELLED', 'BACKLOG', 'IN_PROGRESS', 'HIGH', 'ADMIN', 'PM', 'DEV', 'GUEST',
  'IMPROVEMENT', 'blocks', 'relates_to', 'duplicates', 'SUCCEEDED', 'ACTIVE', 'PLANNED', 'COMPLETED', 'work_item.created',
  'WORK_ITEM', 'OPPORTUNITY', 'SPAM', 'PUBLISHED',
];
