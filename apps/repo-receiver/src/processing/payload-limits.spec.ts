import type { PushEvent, ReviewEvent } from '../inbox/provider-event';
import { MAX_KEY_BYTES, unstorableReason } from './payload-limits';

const review = (number: number): ReviewEvent => ({
  kind: 'review',
  repository: 'acme/app',
  transition: 'opened',
  number,
  title: 't',
  body: null,
  state: 'OPEN',
  sourceBranch: 'b',
  targetBranch: 'main',
  authorLogin: null,
  mergedAt: null,
});
const push = (branch: string, shas: string[] = []): PushEvent => ({
  kind: 'push',
  repository: 'acme/app',
  branch,
  created: false,
  deleted: false,
  forced: false,
  headSha: null,
  commits: shas.map((sha) => ({ sha, message: 'm', authorName: null, committedAt: null })),
});

describe('payload values the columns can hold', () => {
  it('takes pull/merge request numbers of a PostgreSQL integer only', () => {
    expect(unstorableReason(review(1))).toBeNull();
    expect(unstorableReason(review(2_147_483_647))).toBeNull();
    expect(unstorableReason(review(1_099_511_627_776))).toBe('pull/merge request number 1099511627776 is outside 1 to 2147483647');
    expect(unstorableReason(review(0))).toMatch(/outside/);
  });

  it('takes branch names and commit ids that fit a B-tree index entry, counted in UTF-8 bytes', () => {
    expect(unstorableReason(push('b'.repeat(MAX_KEY_BYTES)))).toBeNull();
    expect(unstorableReason(push('b'.repeat(MAX_KEY_BYTES + 1)))).toBe(`branch name is longer than ${MAX_KEY_BYTES} bytes`);
    expect(unstorableReason(push('é'.repeat(MAX_KEY_BYTES / 2 + 1)))).toMatch(/branch name/);
    expect(unstorableReason(push('main', ['a'.repeat(40), 'c'.repeat(MAX_KEY_BYTES + 1)]))).toBe(`commits[1].id is longer than ${MAX_KEY_BYTES} bytes`);
  });

  it('refuses a stored payload it cannot read', () => {
    expect(unstorableReason(null)).toMatch(/not one this version reads/);
    expect(unstorableReason({ kind: 'push' })).toMatch(/not a push/);
  });
});
