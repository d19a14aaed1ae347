import { PullRequestState, RepoProvider } from '@pds/contracts';

/** What processing needs from a push, whichever provider sent it. Stored with the delivery. */
export interface PushEvent {
  kind: 'push';
  repository: string;
  branch: string;
  /** The push created the branch. */
  created: boolean;
  /** The push deleted the branch. */
  deleted: boolean;
  forced: boolean;
  headSha: string | null;
  /** As listed by the provider (GitHub: up to 20; GitLab: maybe fewer than total_commits_count). */
  commits: { sha: string; message: string; authorName: string | null; committedAt: string | null }[];
}

/** How a pull/merge request delivery moves its state; picks the automation that may run. */
export type ReviewTransition = 'opened' | 'draft' | 'merged' | 'closed' | 'updated';

export interface ReviewEvent {
  kind: 'review';
  repository: string;
  transition: ReviewTransition;
  number: number;
  title: string;
  body: string | null;
  state: PullRequestState;
  sourceBranch: string;
  targetBranch: string;
  authorLogin: string | null;
  mergedAt: string | null;
  /**
   * When the provider last changed the request (GitHub `pull_request.updated_at`, GitLab
   * `object_attributes.updated_at`), ISO 8601: orders its deliveries. Null when the payload has
   * none (and in deliveries stored before it was read).
   */
  updatedAt?: string | null;
}

export type ProviderEvent = PushEvent | ReviewEvent;

/** A delivery the receiver accepts but does not process (tag pushes, review comments…). */
export class Unprocessable {
  constructor(readonly reason: string) {}
}

type Json = Record<string, unknown>;

const ZERO_SHA = /^0+$/;
const BRANCH_REF = 'refs/heads/';

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}
const UNSTORABLE = /[\0\uD800-\uDFFF]/;
const NUL_OR_LONE_SURROGATE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A string field; NUL and lone surrogates (legal in JSON as escapes) become U+FFFD, since
 * PostgreSQL's text and jsonb refuse both and one such commit message would fail the whole store.
 */
function str(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return UNSTORABLE.test(value) ? value.replace(NUL_OR_LONE_SURROGATE, '\uFFFD') : value;
}
function requireStr(value: unknown, what: string): string {
  const text = str(value);
  if (text === null) throw new Unprocessable(`${what} is missing`);
  return text;
}
function branchOf(ref: unknown): string {
  const text = requireStr(ref, 'ref');
  if (!text.startsWith(BRANCH_REF)) throw new Unprocessable(`not a branch: ${text}`);
  return text.slice(BRANCH_REF.length);
}

function commitsOf(list: unknown, authorName: (commit: Json) => string | null): PushEvent['commits'] {
  if (!Array.isArray(list)) return [];
  return list.map(obj).flatMap((commit) => {
    const sha = str(commit.id);
    if (!sha) return [];
    return [{ sha, message: str(commit.message) ?? '', authorName: authorName(commit), committedAt: str(commit.timestamp) }];
  });
}

/** GitHub `push` and `pull_request` payloads (docs.github.com "Webhook events and payloads"). */
export function fromGithub(event: string, payload: Json): ProviderEvent {
  const repository = requireStr(obj(payload.repository).full_name, 'repository.full_name');
  if (event === 'push') {
    const head = str(payload.after);
    return {
      kind: 'push',
      repository,
      branch: branchOf(payload.ref),
      created: payload.created === true,
      deleted: payload.deleted === true,
      forced: payload.forced === true,
      headSha: head && !ZERO_SHA.test(head) ? head : null,
      commits: commitsOf(payload.commits, (c) => str(obj(c.author).name)),
    };
  }
  const pr = obj(payload.pull_request);
  const action = str(payload.action) ?? '';
  const merged = pr.merged === true;
  const draft = pr.draft === true;
  const closed = str(pr.state) === 'closed';
  const state: PullRequestState = merged ? 'MERGED' : closed ? 'CLOSED' : draft ? 'DRAFT' : 'OPEN';
  let transition: ReviewTransition = 'updated';
  if (action === 'closed') transition = merged ? 'merged' : 'closed';
  else if (action === 'opened' || action === 'reopened' || action === 'ready_for_review') transition = draft ? 'draft' : 'opened';
  else if (action === 'converted_to_draft') transition = 'draft';
  const number = Number(pr.number ?? payload.number);
  if (!Number.isInteger(number)) throw new Unprocessable('pull_request.number is missing');
  return {
    kind: 'review',
    repository,
    transition,
    number,
    title: str(pr.title) ?? '',
    body: str(pr.body),
    state,
    sourceBranch: str(obj(pr.head).ref) ?? '',
    targetBranch: str(obj(pr.base).ref) ?? '',
    authorLogin: str(obj(pr.user).login),
    mergedAt: str(pr.merged_at),
    updatedAt: isoTimestamp(str(pr.updated_at)),
  };
}

/** GitLab `Push Hook` and `Merge Request Hook` payloads (docs.gitlab.com "Webhook events"). */
export function fromGitlab(event: string, payload: Json): ProviderEvent {
  const project = obj(payload.project);
  const repository = requireStr(project.path_with_namespace ?? payload.path_with_namespace, 'project.path_with_namespace');
  if (event === 'Push Hook') {
    const before = str(payload.before) ?? '';
    const after = str(payload.after) ?? '';
    return {
      kind: 'push',
      repository,
      branch: branchOf(payload.ref),
      created: ZERO_SHA.test(before),
      deleted: ZERO_SHA.test(after),
      // GitLab does not say; a force push is not needed to keep history (commits are never removed).
      forced: false,
      headSha: after && !ZERO_SHA.test(after) ? after : null,
      commits: commitsOf(payload.commits, (c) => str(obj(c.author).name)),
    };
  }
  const mr = obj(payload.object_attributes);
  const action = str(mr.action) ?? '';
  const draft = mr.draft === true || mr.work_in_progress === true;
  const glState = str(mr.state);
  const state: PullRequestState = glState === 'merged' ? 'MERGED' : glState === 'closed' ? 'CLOSED' : draft ? 'DRAFT' : 'OPEN';
  let transition: ReviewTransition = 'updated';
  if (action === 'merge') transition = 'merged';
  else if (action === 'close') transition = 'closed';
  else if (action === 'open' || action === 'reopen') transition = draft ? 'draft' : 'opened';
  else if (action === 'update' && state !== 'MERGED' && state !== 'CLOSED') transition = draftToggle(obj(payload.changes)) ?? 'updated';
  const number = Number(mr.iid);
  if (!Number.isInteger(number)) throw new Unprocessable('object_attributes.iid is missing');
  return {
    kind: 'review',
    repository,
    transition,
    number,
    title: str(mr.title) ?? '',
    body: str(mr.description),
    state,
    sourceBranch: str(mr.source_branch) ?? '',
    targetBranch: str(mr.target_branch) ?? '',
    authorLogin: str(obj(payload.user).username),
    mergedAt: state === 'MERGED' ? (str(mr.merged_at) ?? isoTimestamp(str(mr.updated_at))) : null,
    updatedAt: isoTimestamp(str(mr.updated_at)),
  };
}

/**
 * A Merge Request Hook `update` reports a draft toggle only in `changes` (`{draft: {previous,
 * current}}`; `work_in_progress` in GitLab before 13.x): false → true turned it into a draft,
 * true → false marked it ready, the same moves as GitHub's converted_to_draft and ready_for_review.
 */
function draftToggle(changes: Json): ReviewTransition | null {
  const change = obj(changes.draft ?? changes.work_in_progress);
  if (change.previous === false && change.current === true) return 'draft';
  if (change.previous === true && change.current === false) return 'opened';
  return null;
}

const GITLAB_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;

/**
 * ISO 8601 of a provider timestamp, or null when it is none the columns can hold (not a date, or
 * outside the years 1–9999, which JavaScript writes as `+010000-…` and PostgreSQL refuses). GitLab
 * writes `2026-11-23 10:00:00 UTC` in its payloads, GitHub (and GitLab's documented example)
 * `2026-11-23T10:00:00Z`.
 */
export function isoTimestamp(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(GITLAB_TIME.test(value) ? value.replace(' UTC', 'Z').replace(' ', 'T') : value);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date.toISOString() : null;
}

/** Which provider events are processed; the rest are acknowledged as ignored. */
export const PROCESSED_EVENTS: Readonly<Record<RepoProvider, readonly string[]>> = Object.freeze({
  GITHUB: ['push', 'pull_request'],
  GITLAB: ['Push Hook', 'Merge Request Hook'],
});

export function toProviderEvent(provider: RepoProvider, event: string, payload: unknown): ProviderEvent {
  const body = obj(payload);
  return provider === 'GITHUB' ? fromGithub(event, body) : fromGitlab(event, body);
}
