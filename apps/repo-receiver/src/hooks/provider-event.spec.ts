import { Unprocessable, toProviderEvent } from './provider-event';

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

