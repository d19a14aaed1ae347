import { defineEnum } from '../common/enums';

export const RepoProvider = defineEnum(['GITHUB', 'GITLAB']);
export type RepoProvider = (typeof RepoProvider)[keyof typeof RepoProvider];

export const PullRequestState = defineEnum(['OPEN', 'DRAFT', 'MERGED', 'CLOSED']);
export type PullRequestState = (typeof PullRequestState)[keyof typeof PullRequestState];

/** Where a work-item key was found; `linkedBy[].source`. */
export const LinkSource = defineEnum(['branch', 'commit_message', 'title', 'body']);
export type LinkSource = (typeof LinkSource)[keyof typeof LinkSource];

/** The automation triggers of a connection, each a work-item status or null. */
export const AUTOMATION_TRIGGERS = [
  'onBranchCreated',
  'onPullRequestOpened',
  'onPullRequestDraft',
  'onPullRequestMerged',
  'onPullRequestClosed',
] as const;
export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];

/** What the receiver did with a delivery (`GET /repositories/{id}/deliveries`). */
export const RepoDeliveryStatus = defineEnum(['PROCESSED', 'IGNORED', 'DUPLICATE', 'FAILED']);
export type RepoDeliveryStatus = (typeof RepoDeliveryStatus)[keyof typeof RepoDeliveryStatus];
