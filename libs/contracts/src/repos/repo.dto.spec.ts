import { AppException } from '../common/errors';
import { validateDto } from '../common/validation';
import { CreateRepositoryDto, UpdateRepositoryDto, normaliseRepoWebUrl, repoWebUrlProblem } from './repo.dto';

function detailsOf(fn: () => unknown): Record<string, unknown> {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppException) return error.details ?? {};
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('repository web URL', () => {
  it.each([
    'https://github.com/orga/xss"><svg onload=alert(1)>',
    "https://github.com/orga/it's",
    'https://github.com/orga/a b',
    'https://github.com/orga/app\t',
    ' https://github.com/orga/app',
    'https://github.com/orga\\app',
    'https://github.com/orga/<app>',
    'https://github.com/orga/äpp',
    'https://github.com/orga/app%',
    'https://github.com/orga/app{1}',
  ])('refuses what normalization would rewrite: %s', (url) => {
    expect(repoWebUrlProblem(url, 'GITHUB')).toMatch(/no quotes, angle brackets or whitespace/);
  });

  it.each(['https://github.com/orga/app?tab=readme', 'https://github.com/orga/app#readme', 'https://github.com/orga/app?'])('refuses a query or a fragment: %s', (url) => {
    expect(repoWebUrlProblem(url, 'GITHUB')).toBe('must not have a query or a fragment');
  });

  it('allows http for GitLab only, and without a provider (an update, checked by the service)', () => {
    expect(repoWebUrlProblem('http://git.corp.internal/platform/api', 'GITLAB')).toBeNull();
    expect(repoWebUrlProblem('http://git.corp.internal/platform/api', undefined)).toBeNull();
    expect(repoWebUrlProblem('http://github.com/orga/app', 'GITHUB')).toBe('must use https');
    expect(repoWebUrlProblem('http://user:pw@git.corp.internal/platform/api', 'GITLAB')).toBe('must not contain credentials');
    expect(repoWebUrlProblem('ftp://git.corp.internal/platform/api', 'GITLAB')).toBe('must use https or http');
  });

  it('accepts ports, IPv6 hosts, %-escapes and dot segments, and stores them normalized', () => {
    for (const url of ['https://git.example.com:8443/a/b', 'http://[::1]:8080/a', 'https://git.example.com/~git/a%20b', 'https://GitHub.com/acme/./web/']) {
      expect(repoWebUrlProblem(url, 'GITLAB')).toBeNull();
    }
    expect(normaliseRepoWebUrl('https://GitHub.com:443/acme/./web/')).toBe('https://github.com/acme/web');
    expect(normaliseRepoWebUrl('https://git.example.com/')).toBe('https://git.example.com');
    expect(normaliseRepoWebUrl('https://git.example.com/a/../b')).toBe('https://git.example.com/b');
  });

  it('decides http on a create by the provider of the same body', () => {
    expect(() => validateDto(CreateRepositoryDto, { provider: 'GITLAB', fullName: 'platform/api', webUrl: 'http://git.corp.internal/platform/api' })).not.toThrow();
    expect(detailsOf(() => validateDto(CreateRepositoryDto, { provider: 'GITHUB', fullName: 'orga/app', webUrl: 'http://github.com/orga/app' }))).toEqual({
      webUrl: ['webUrl must use https'],
    });
    expect(() => validateDto(UpdateRepositoryDto, { webUrl: 'http://git.corp.internal/platform/api' })).not.toThrow();
  });
});

describe('repository fullName', () => {
  it.each(['../../etc', 'orga/..', 'orga/.', './app', 'orga/../app', 'a/b/../c', 'orga//app', 'orga/app/', 'orga'])('refuses %s', (fullName) => {
    expect(Object.keys(detailsOf(() => validateDto(CreateRepositoryDto, { provider: 'GITLAB', fullName })))).toEqual(['fullName']);
  });

  it.each(['orga/app', 'orga/.github', 'orga/..app', 'orga/app.js', 'group/sub.group/my_app-2', 'o/a...b'])('accepts %s', (fullName) => {
    expect(() => validateDto(CreateRepositoryDto, { provider: 'GITLAB', fullName })).not.toThrow();
  });
});
