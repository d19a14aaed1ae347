import { BranchWrite, PullRequestWrite, foldBranches, foldPullRequests } from './artifact-batch.repository';

const origin = { organizationId: 'org', connectionId: 'conn', provider: 'GITHUB', repository: 'acme/app' };
const push = (name: string, sha: string | null): BranchWrite => ({ ...origin, name, url: `https://github.com/acme/app/tree/${name}`, lastCommitSha: sha, deleted: false });
const deletion = (name: string): BranchWrite => ({ ...origin, name, url: null, lastCommitSha: null, deleted: true });

describe('folding one batch of deliveries into one write per row', () => {
  it('leaves a branch as its last push or deletion says, keeping the last head sha given', () => {
    expect(foldBranches([push('a', 's1'), push('a', null)])).toEqual({ upserts: [push('a', 's1')], markOnly: [] });
    expect(foldBranches([push('a', 's1'), deletion('a')])).toEqual({ upserts: [{ ...push('a', 's1'), deleted: true }], markOnly: [] });
    expect(foldBranches([deletion('a'), push('a', 's2')])).toEqual({ upserts: [push('a', 's2')], markOnly: [] });
    expect(foldBranches([deletion('b'), push('a', 's1')])).toEqual({ upserts: [push('a', 's1')], markOnly: [deletion('b')] });
  });

  it('keeps a pull request’s latest state and the author who opened it', () => {
    const pr = (state: string, authorLogin: string | null): PullRequestWrite => ({
      ...origin,
      number: 7,
      title: `PR ${state}`,
      url: 'https://github.com/acme/app/pull/7',
      state,
      sourceBranch: 'feature/wi-1',
      targetBranch: 'main',
      authorLogin,
      mergedAt: null,
      updatedAt: null,
    });
    expect(foldPullRequests([pr('OPEN', 'ada'), pr('MERGED', 'merger')])).toEqual([{ ...pr('MERGED', 'merger'), authorLogin: 'ada' }]);
  });
});
