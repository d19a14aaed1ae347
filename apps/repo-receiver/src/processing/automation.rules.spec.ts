import type { PushEvent, ReviewEvent } from '../inbox/provider-event';
import { automationStatus, mayMove, triggerOf } from './automation.rules';

const review = (transition: ReviewEvent['transition'], targetBranch = 'main'): ReviewEvent => ({
  kind: 'review',
  repository: 'acme/app',
  transition,
  number: 1,
  title: 't',
  body: null,
  state: 'OPEN',
  sourceBranch: 'feature/wi-1',
  targetBranch,
  authorLogin: null,
  mergedAt: null,
});
const push = (created: boolean, deleted = false): PushEvent => ({
  kind: 'push',
  repository: 'acme/app',
  branch: 'b',
  created,
  deleted,
  forced: false,
  headSha: null,
  commits: [],
});

describe('status automation rules', () => {
  it('moves forward only, skipping is allowed', () => {
    expect(mayMove('BACKLOG', 'IN_PROGRESS')).toBe(true);
    expect(mayMove('TODO', 'DONE')).toBe(true);
    expect(mayMove('IN_REVIEW', 'IN_PROGRESS')).toBe(false);
    expect(mayMove('IN_REVIEW', 'IN_REVIEW')).toBe(false);
  });

  it('never moves an item out of DONE or CANCELLED', () => {
    expect(mayMove('DONE', 'CANCELLED')).toBe(false);
    expect(mayMove('CANCELLED', 'DONE')).toBe(false);
  });

  it('picks the trigger of each event', () => {
    expect(triggerOf(push(true), 'main')).toBe('onBranchCreated');
    expect(triggerOf(push(false), 'main')).toBeNull();
    expect(triggerOf(push(true, true), 'main')).toBeNull();
    expect(triggerOf(review('opened'), 'main')).toBe('onPullRequestOpened');
    expect(triggerOf(review('draft'), 'main')).toBe('onPullRequestDraft');
    expect(triggerOf(review('closed'), 'main')).toBe('onPullRequestClosed');
    expect(triggerOf(review('updated'), 'main')).toBeNull();
  });

  it('applies the merge automation only into the default branch', () => {
    expect(triggerOf(review('merged', 'main'), 'main')).toBe('onPullRequestMerged');
    expect(triggerOf(review('merged', 'release'), 'main')).toBeNull();
    const automations = { onBranchCreated: null, onPullRequestOpened: 'IN_REVIEW', onPullRequestDraft: null, onPullRequestMerged: 'DONE', onPullRequestClosed: null } as const;
    expect(automationStatus(review('merged'), 'main', automations)).toBe('DONE');
    expect(automationStatus(review('closed'), 'main', automations)).toBeNull();
  });
});
