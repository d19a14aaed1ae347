import { AutomationTrigger, RepoAutomations, WorkItemStatus, enumValues } from '@pds/contracts';
import type { ProviderEvent } from '../inbox/provider-event';

/** The interface contract lists the statuses in workflow order; automations only ever move forward in it. */
const ORDER: readonly string[] = enumValues(WorkItemStatus);
const FINAL: readonly string[] = [WorkItemStatus.DONE, WorkItemStatus.CANCELLED];

/** Whether an automation may move an item from `current` to `target`: never out of DONE/CANCELLED, never backwards. */
export function mayMove(current: string, target: string): boolean {
  if (FINAL.includes(current)) return false;
  return ORDER.indexOf(target) > ORDER.indexOf(current);
}

/** Which automation a provider event triggers, if any. */
export function triggerOf(event: ProviderEvent, defaultBranch: string): AutomationTrigger | null {
  if (event.kind === 'push') return event.created && !event.deleted ? 'onBranchCreated' : null;
  switch (event.transition) {
    case 'opened':
      return 'onPullRequestOpened';
    case 'draft':
      return 'onPullRequestDraft';
    case 'merged':
      return event.targetBranch === defaultBranch ? 'onPullRequestMerged' : null;
    case 'closed':
      return 'onPullRequestClosed';
    default:
      return null;
  }
}

/** The status the event's automation moves to, or null when none is configured. */
export function automationStatus(event: ProviderEvent, defaultBranch: string, automations: RepoAutomations): string | null {
  const trigger = triggerOf(event, defaultBranch);
  return trigger ? (automations[trigger] ?? null) : null;
}
