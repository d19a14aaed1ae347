import { Unprocessable, isoTimestamp, toProviderEvent } from './provider-event';

const ZERO = '0'.repeat(40);

describe('provider payloads', () => {
  it('reads a GitHub push that creates a branch', () => {
    const event = toProviderEvent('GITHUB', 'push', {
      ref: 'refs/heads/feature/wi-1',
      before: ZERO,
      after: 'b'.repeat(40),
      created: true,
      deleted: false,
      forced: false,
      repository: { full_name: 'acme/app' },
      commits: [{ id: 'a'.repeat(40), message: 'WI-1 start', timestamp: '2026-11-23T10:00:00Z', author: { name: 'Ada' } }],
    });
    expect(event).toEqual({
      kind: 'push',
      repository: 'acme/app',
      branch: 'feature/wi-1',
      created: true,
      deleted: false,
      forced: false,
      headSha: 'b'.repeat(40),
      commits: [{ sha: 'a'.repeat(40), message: 'WI-1 start', authorName: 'Ada', committedAt: '2026-11-23T10:00:00Z' }],
    });
  });

  it('maps GitHub pull_request actions to states and transitions', () => {
    const pr = (action: string, fields: object) =>
      toProviderEvent('GITHUB', 'pull_request', {
        action,
        number: 3,
        pull_request: { number: 3, title: 't', state: 'open', draft: false, merged: false, head: { ref: 'h' }, base: { ref: 'main' }, user: { login: 'ada' }, ...fields },
        repository: { full_name: 'acme/app' },
      });
    expect(pr('opened', {})).toMatchObject({ transition: 'opened', state: 'OPEN', sourceBranch: 'h', targetBranch: 'main', authorLogin: 'ada' });
    expect(pr('opened', { draft: true })).toMatchObject({ transition: 'draft', state: 'DRAFT' });
    expect(pr('ready_for_review', {})).toMatchObject({ transition: 'opened', state: 'OPEN' });
    expect(pr('edited', {})).toMatchObject({ transition: 'updated' });
    expect(pr('closed', { state: 'closed', merged: true, merged_at: '2026-11-23T11:00:00Z' })).toMatchObject({ transition: 'merged', state: 'MERGED', mergedAt: '2026-11-23T11:00:00Z' });
    expect(pr('closed', { state: 'closed' })).toMatchObject({ transition: 'closed', state: 'CLOSED' });
  });

  it('reads GitLab pushes (created and deleted from the zero sha) and merge requests', () => {
    const push = toProviderEvent('GITLAB', 'Push Hook', { ref: 'refs/heads/x', before: ZERO, after: 'c'.repeat(40), project: { path_with_namespace: 'g/s/p' }, commits: [], total_commits_count: 5 });
    expect(push).toMatchObject({ kind: 'push', repository: 'g/s/p', created: true, deleted: false });
    const deleted = toProviderEvent('GITLAB', 'Push Hook', { ref: 'refs/heads/x', before: 'c'.repeat(40), after: ZERO, project: { path_with_namespace: 'g/s/p' } });
    expect(deleted).toMatchObject({ created: false, deleted: true, headSha: null });
    const merged = toProviderEvent('GITLAB', 'Merge Request Hook', {
      user: { username: 'grace' },
      project: { path_with_namespace: 'g/s/p' },
      object_attributes: { iid: 9, title: 'WI-2', action: 'merge', state: 'merged', source_branch: 's', target_branch: 'main', updated_at: '2026-11-23 10:00:00 UTC' },
    });
    expect(merged).toMatchObject({ kind: 'review', number: 9, transition: 'merged', state: 'MERGED', mergedAt: '2026-11-23T10:00:00.000Z', authorLogin: 'grace' });
  });

  it('reads when the provider last changed a pull/merge request, in either provider\'s format', () => {
    const github = toProviderEvent('GITHUB', 'pull_request', {
      action: 'opened',
      pull_request: { number: 1, state: 'open', updated_at: '2019-05-15T15:20:33Z', head: { ref: 'h' }, base: { ref: 'main' } },
      repository: { full_name: 'acme/app' },
    });
    expect(github).toMatchObject({ updatedAt: '2019-05-15T15:20:33.000Z' });
    const gitlab = (updatedAt: unknown) =>
      toProviderEvent('GITLAB', 'Merge Request Hook', { project: { path_with_namespace: 'g/p' }, object_attributes: { iid: 1, action: 'update', state: 'opened', updated_at: updatedAt } });
    expect(gitlab('2017-09-15 16:52:00 UTC')).toMatchObject({ updatedAt: '2017-09-15T16:52:00.000Z' });
    expect(gitlab('2013-12-03T17:23:34Z')).toMatchObject({ updatedAt: '2013-12-03T17:23:34.000Z' });
    expect(gitlab(undefined)).toMatchObject({ updatedAt: null });
  });

  it('reads only timestamps a column can hold (years 1 to 9999)', () => {
    expect(isoTimestamp('2026-11-23T10:00:00+02:00')).toBe('2026-11-23T08:00:00.000Z');
    expect(isoTimestamp('+010000-01-01T00:00:00Z')).toBeNull();
    expect(isoTimestamp('yesterday')).toBeNull();
    expect(isoTimestamp(null)).toBeNull();
  });

  it('reads a GitLab draft toggle from changes.draft of an update (GitLab sends no action of its own for it)', () => {
    const update = (draft: boolean, changes: object) =>
      toProviderEvent('GITLAB', 'Merge Request Hook', {
        project: { path_with_namespace: 'g/p' },
        object_attributes: { iid: 4, action: 'update', state: 'opened', draft, work_in_progress: draft },
        changes,
      });
    expect(update(true, { draft: { previous: false, current: true } })).toMatchObject({ transition: 'draft', state: 'DRAFT' });
    expect(update(false, { draft: { previous: true, current: false } })).toMatchObject({ transition: 'opened', state: 'OPEN' });
    // GitLab before 13.x named it work_in_progress.
    expect(update(false, { work_in_progress: { previous: true, current: false } })).toMatchObject({ transition: 'opened' });
    expect(update(true, { title: { previous: 'a', current: 'Draft: a' } })).toMatchObject({ transition: 'updated', state: 'DRAFT' });
    expect(update(false, {})).toMatchObject({ transition: 'updated', state: 'OPEN' });
  });

  it('refuses tag pushes and payloads without a repository as unprocessable', () => {
    expect(() => toProviderEvent('GITHUB', 'push', { ref: 'refs/tags/v1', repository: { full_name: 'a/b' } })).toThrow(Unprocessable);
    expect(() => toProviderEvent('GITHUB', 'push', { ref: 'refs/heads/main' })).toThrow(Unprocessable);
    expect(() => toProviderEvent('GITLAB', 'Merge Request Hook', { project: { path_with_namespace: 'a/b' }, object_attributes: {} })).toThrow(Unprocessable);
  });

  it('replaces NUL and lone surrogates, which PostgreSQL cannot store, and keeps surrogate pairs', () => {
    const event = toProviderEvent('GITHUB', 'push', {
      ref: 'refs/heads/main',
      repository: { full_name: 'acme/app' },
      commits: [{ id: 'a'.repeat(40), message: 'WI-1 \u0000 \ud800 half, \udc00 other half, 😀 whole', author: { name: 'Ada' } }],
    });
    expect(event.kind === 'push' && event.commits[0].message).toBe('WI-1 \uFFFD \uFFFD half, \uFFFD other half, 😀 whole');
  });
});

