/* Repository integration helpers: connections, provider payloads in their documented shapes, signed posts. */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { ApiClient, ApiResponse, Json, TestOrganization } from './client';
import { eventually } from './eventually';
import { stackInfo } from './stack-info';

export const REPOSITORIES = '/api/v1/repositories';

export interface Connection {
  id: string;
  secret: string;
  fullName: string;
  provider: 'GITHUB' | 'GITLAB';
  body: Json;
}

export async function connectRepository(org: TestOrganization, body: Json): Promise<Connection> {
  const response = await org.api.post(REPOSITORIES, body);
  if (response.status !== 200) throw new Error(`connect failed: ${response.status} ${response.text}`);
  return { id: response.body.id, secret: response.body.secret, fullName: response.body.fullName, provider: response.body.provider, body: response.body };
}

export function uniqueRepo(owner = 'acme'): string {
  return `${owner}/repo-${randomBytes(4).toString('hex')}`;
}

export function receiverClient(baseUrl = stackInfo().repoReceiverUrl): ApiClient {
  return new ApiClient(baseUrl);
}

export function githubSignature(secret: string, raw: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

export interface PostOptions {
  deliveryId?: string;
  /** Sign with this secret instead of the connection's. */
  secret?: string;
  /** Send these bytes instead of the JSON of the payload (signed unless `signature` is given). */
  raw?: Buffer | string;
  signature?: string | null;
  headers?: Record<string, string>;
  /** Another receiver than the shared stack's (an isolated stack). */
  baseUrl?: string;
}

/** POST /hooks/github/{id} with X-GitHub-Event, X-GitHub-Delivery and X-Hub-Signature-256 computed here. */
export function postGithub(connection: Pick<Connection, 'id' | 'secret'>, event: string, payload: unknown, options: PostOptions = {}): Promise<ApiResponse> {
  const raw = options.raw ?? JSON.stringify(payload);
  const signature = options.signature === undefined ? githubSignature(options.secret ?? connection.secret, raw) : options.signature;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-github-event': event,
    'x-github-delivery': options.deliveryId ?? randomUUID(),
    'user-agent': 'GitHub-Hookshot/e2e',
    ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    ...options.headers,
  };
  return receiverClient(options.baseUrl).post(`/hooks/github/${connection.id}`, undefined, { rawBody: raw, headers });
}

/** POST /hooks/gitlab/{id} with X-Gitlab-Event, X-Gitlab-Event-UUID and X-Gitlab-Token. */
export function postGitlab(connection: Pick<Connection, 'id' | 'secret'>, event: string, payload: unknown, options: PostOptions & { token?: string | null } = {}): Promise<ApiResponse> {
  const raw = options.raw ?? JSON.stringify(payload);
  const token = options.token === undefined ? connection.secret : options.token;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-gitlab-event': event,
    'x-gitlab-event-uuid': options.deliveryId ?? randomUUID(),
    ...(token === null ? {} : { 'x-gitlab-token': token }),
    ...options.headers,
  };
  return receiverClient(options.baseUrl).post(`/hooks/gitlab/${connection.id}`, undefined, { rawBody: raw, headers });
}

export interface EarlyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * POST over node:http that reads the answer as soon as it arrives, even while the body is still
 * going out: a refusal sent before the body was read must reach the client (not a reset).
 * `sendBytes` sends only the first bytes of `body` (with the whole length declared) and waits; the
 * request then stays open until the answer comes or `abort()`.
 */
export function postEarly(url: string, headers: Record<string, string>, body: Buffer, sendBytes = body.length): { answer: Promise<EarlyAnswer>; abort: () => void } {
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, 'content-length': String(body.length) },
  });
  const answer = new Promise<EarlyAnswer>((resolve, reject) => {
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
  });
  // A request aborted before its answer rejects `answer`; only a caller that awaits it cares.
  answer.catch(() => undefined);
  if (sendBytes >= body.length) request.end(body);
  else request.write(body.subarray(0, sendBytes));
  return { answer, abort: () => request.destroy() };
}

export function sha(): string {
  return randomBytes(20).toString('hex');
}

const ZERO = '0000000000000000000000000000000000000000';

export interface CommitInput {
  message: string;
  id?: string;
  author?: string;
  /** The commit's `timestamp` (default now). */
  timestamp?: string;
}

/** GitHub `push` (docs.github.com, "push" webhook payload). */
export function githubPush(fullName: string, branch: string, commits: CommitInput[], flags: { created?: boolean; deleted?: boolean; forced?: boolean } = {}): Json {
  const list = commits.map((c) => {
    const id = c.id ?? sha();
    return {
      id,
      tree_id: sha(),
      distinct: true,
      message: c.message,
      timestamp: c.timestamp ?? new Date().toISOString(),
      url: `https://github.com/${fullName}/commit/${id}`,
      author: { name: c.author ?? 'Ada Lovelace', email: 'ada@example.com', username: 'ada' },
      committer: { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' },
      added: [],
      removed: [],
      modified: ['README.md'],
    };
  });
  const after = flags.deleted ? ZERO : (list.at(-1)?.id ?? sha());
  return {
    ref: `refs/heads/${branch}`,
    before: flags.created ? ZERO : sha(),
    after,
    created: flags.created ?? false,
    deleted: flags.deleted ?? false,
    forced: flags.forced ?? false,
    base_ref: null,
    compare: `https://github.com/${fullName}/compare/x...y`,
    commits: list,
    head_commit: list.at(-1) ?? null,
    repository: { id: 1, name: fullName.split('/').pop(), full_name: fullName, html_url: `https://github.com/${fullName}`, default_branch: 'main' },
    pusher: { name: 'ada', email: 'ada@example.com' },
    sender: { login: 'ada', id: 1 },
  };
}

export interface PullRequestInput {
  number: number;
  title: string;
  body?: string | null;
  head: string;
  base?: string;
  draft?: boolean;
  state?: 'open' | 'closed';
  merged?: boolean;
  /** `pull_request.updated_at`: when the provider last changed the pull request (default now). */
  updatedAt?: string;
  /** `pull_request.merged_at` of a merged one (default: `updatedAt`, as in the "closed" delivery of the merge). */
  mergedAt?: string;
}

/** GitHub's timestamps: ISO 8601 in whole seconds (`2019-05-15T15:20:33Z`). */
export function githubTime(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** GitLab's timestamps in webhook payloads (`2017-09-15 16:52:00 UTC`). */
export function gitlabTime(date = new Date()): string {
  return date.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC');
}

/** GitHub `pull_request` (docs.github.com, "pull_request" webhook payload). */
export function githubPullRequest(fullName: string, action: string, pr: PullRequestInput): Json {
  const merged = pr.merged ?? false;
  const updatedAt = pr.updatedAt ?? githubTime();
  const closed = (pr.state ?? 'open') === 'closed';
  return {
    action,
    number: pr.number,
    pull_request: {
      url: `https://api.github.com/repos/${fullName}/pulls/${pr.number}`,
      html_url: `https://github.com/${fullName}/pull/${pr.number}`,
      number: pr.number,
      state: pr.state ?? 'open',
      locked: false,
      title: pr.title,
      body: pr.body ?? null,
      user: { login: 'ada', id: 1 },
      draft: pr.draft ?? false,
      merged,
      created_at: '2026-11-20T09:00:00Z',
      updated_at: updatedAt,
      closed_at: closed ? updatedAt : null,
      merged_at: merged ? (pr.mergedAt ?? updatedAt) : null,
      head: { ref: pr.head, sha: sha(), label: `acme:${pr.head}` },
      base: { ref: pr.base ?? 'main', sha: sha(), label: 'acme:main' },
    },
    repository: { id: 1, name: fullName.split('/').pop(), full_name: fullName, html_url: `https://github.com/${fullName}` },
    sender: { login: 'ada', id: 1 },
  };
}

/** GitLab `Push Hook` (docs.gitlab.com, "Push events"): `commits` may list fewer than total_commits_count. */
export function gitlabPush(fullName: string, branch: string, commits: CommitInput[], totalCommits = commits.length, created = false): Json {
  const list = commits.map((c) => {
    const id = c.id ?? sha();
    return {
      id,
      message: c.message,
      title: c.message.split('\n')[0],
      timestamp: new Date().toISOString(),
      url: `https://gitlab.com/${fullName}/-/commit/${id}`,
      author: { name: c.author ?? 'Grace Hopper', email: 'grace@example.com' },
      added: [],
      modified: ['README.md'],
      removed: [],
    };
  });
  const after = list.at(-1)?.id ?? sha();
  return {
    object_kind: 'push',
    event_name: 'push',
    before: created ? ZERO : sha(),
    after,
    ref: `refs/heads/${branch}`,
    checkout_sha: after,
    user_username: 'grace',
    project_id: 15,
    project: { id: 15, name: fullName.split('/').pop(), web_url: `https://gitlab.com/${fullName}`, path_with_namespace: fullName, default_branch: 'main' },
    commits: list,
    total_commits_count: totalCommits,
    repository: { name: fullName.split('/').pop(), homepage: `https://gitlab.com/${fullName}` },
  };
}

export interface MergeRequestInput {
  iid: number;
  title: string;
  description?: string | null;
  source: string;
  target?: string;
  state?: 'opened' | 'closed' | 'merged';
  action: 'open' | 'update' | 'merge' | 'close' | 'reopen';
  draft?: boolean;
  /** `object_attributes.updated_at` (default now), in GitLab's `2017-09-15 16:52:00 UTC` form. */
  updatedAt?: string;
  /** `changes`: what this event changed, `{field: {previous, current}}` (GitLab may send it empty). */
  changes?: Record<string, { previous: unknown; current: unknown }>;
}

const GITLAB_USER = { id: 1, name: 'Grace Hopper', username: 'grace', avatar_url: 'https://www.gravatar.com/avatar/e64c7d89f26bd1972efa854d13d7dd61?s=40&d=identicon', email: '[REDACTED]' };

function gitlabProject(fullName: string): Json {
  const web = `https://gitlab.com/${fullName}`;
  return {
    id: 15,
    name: fullName.split('/').pop(),
    description: '',
    web_url: web,
    avatar_url: null,
    git_ssh_url: `git@gitlab.com:${fullName}.git`,
    git_http_url: `${web}.git`,
    namespace: fullName.split('/')[0],
    visibility_level: 0,
    path_with_namespace: fullName,
    default_branch: 'main',
    ci_config_path: '',
    homepage: web,
    url: `git@gitlab.com:${fullName}.git`,
    ssh_url: `git@gitlab.com:${fullName}.git`,
    http_url: `${web}.git`,
  };
}

/**
 * GitLab `Merge Request Hook` in the shape of the documented payload (docs.gitlab.com, "Webhook
 * events", "Merge request events", which is gitlab.com output): every field there, with this
 * test's project, request, action, draft flag, time and `changes` filled in.
 */
export function gitlabMergeRequest(fullName: string, mr: MergeRequestInput): Json {
  const project = gitlabProject(fullName);
  const updatedAt = mr.updatedAt ?? gitlabTime();
  const draft = mr.draft ?? false;
  const state = mr.state ?? 'opened';
  const label = { id: 206, title: 'API', color: '#ffffff', project_id: 15, created_at: '2026-11-20T09:00:00Z', updated_at: '2026-11-20T09:00:00Z', template: false, description: 'API related issues', type: 'ProjectLabel', group_id: 41 };
  const lastCommit = sha();
  return {
    object_kind: 'merge_request',
    event_type: 'merge_request',
    user: GITLAB_USER,
    project,
    repository: { name: project.name, url: project.http_url, description: '', homepage: project.homepage },
    object_attributes: {
      id: 99,
      iid: mr.iid,
      target_branch: mr.target ?? 'main',
      source_branch: mr.source,
      source_project_id: 15,
      author_id: 1,
      assignee_ids: [1],
      assignee_id: 1,
      reviewer_ids: [],
      title: mr.title,
      created_at: '2026-11-20 09:00:00 UTC',
      updated_at: updatedAt,
      last_edited_at: null,
      last_edited_by_id: null,
      milestone_id: null,
      state_id: state === 'opened' ? 1 : state === 'closed' ? 2 : 3,
      state,
      blocking_discussions_resolved: true,
      work_in_progress: draft,
      draft,
      first_contribution: false,
      merge_status: 'can_be_merged',
      target_project_id: 15,
      description: mr.description ?? '',
      prepared_at: '2026-11-20 09:00:01 UTC',
      total_time_spent: 0,
      time_change: 0,
      human_total_time_spent: null,
      human_time_change: null,
      human_time_estimate: null,
      url: `https://gitlab.com/${fullName}/-/merge_requests/${mr.iid}`,
      source: project,
      target: project,
      last_commit: {
        id: lastCommit,
        message: 'Update README.md',
        title: 'Update README.md',
        timestamp: '2026-11-20T10:00:00+01:00',
        url: `https://gitlab.com/${fullName}/-/commit/${lastCommit}`,
        author: { name: 'Grace Hopper', email: 'grace@example.com' },
      },
      labels: [label],
      action: mr.action,
      detailed_merge_status: 'mergeable',
    },
    labels: [label],
    changes: mr.changes ?? {},
    assignees: [{ id: 1, name: 'Grace Hopper', username: 'grace', avatar_url: GITLAB_USER.avatar_url }],
    reviewers: [],
  };
}

/** The body of a 200 answer; anything else throws, which `eventually` counts as "not yet". */
export function ok(response: ApiResponse, what: string): Json {
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${response.text}`);
  return response.body;
}

/** The artifacts of a work item (a probe: processing runs after the 202, so wait with `eventually`). */
export async function artifactsOf(api: ApiClient, ref: string): Promise<Json> {
  return ok(await api.get(`/api/v1/work-items/${ref}/artifacts`), `artifacts of ${ref}`);
}

/** A work item (a probe, for status automations). */
export async function workItemOf(api: ApiClient, ref: string): Promise<Json> {
  return ok(await api.get(`/api/v1/work-items/${ref}`), `work item ${ref}`);
}

/** A connection's delivery log (`GET /repositories/{id}/deliveries`, a probe). */
export async function repoDeliveriesOf(api: ApiClient, connectionId: string): Promise<Json[]> {
  return ok(await api.get(`${REPOSITORIES}/${connectionId}/deliveries`), `deliveries of ${connectionId}`);
}

/**
 * Proves earlier deliveries were fully processed without relying on their own effect: a later
 * delivery on the same connection (a repository's deliveries are processed in arrival order) links
 * a marker item.
 */
export async function settle(org: TestOrganization, connection: Connection): Promise<void> {
  const marker = await org.api.post('/api/v1/work-items', { title: 'Marker', type: 'TASK' });
  const post = connection.provider === 'GITHUB' ? postGithub : postGitlab;
  const branch = `marker/${marker.body.key}`;
  const payload =
    connection.provider === 'GITHUB'
      ? githubPush(connection.fullName, branch, [{ message: 'marker' }])
      : gitlabPush(connection.fullName, branch, [{ message: 'marker' }]);
  const answer = await post(connection, connection.provider === 'GITHUB' ? 'push' : 'Push Hook', payload);
  if (answer.status !== 202) throw new Error(`marker delivery refused: ${answer.status} ${answer.text}`);
  await eventually(() => artifactsOf(org.api, marker.body.key), { until: (body) => body.branches.some((b: { name: string }) => b.name === branch) });
}
