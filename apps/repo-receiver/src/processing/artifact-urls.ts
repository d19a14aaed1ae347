import { RepoProvider } from '@pds/contracts';

/**
 * Links back to the provider, built from the connection's webUrl (which the organization set)
 * rather than from URLs in the payload.
 */
export function artifactUrls(provider: string, webUrl: string) {
  const gitlab = provider === RepoProvider.GITLAB ? '/-' : '';
  return {
    branch: (name: string) => `${webUrl}${gitlab}/tree/${name.split('/').map(encodeURIComponent).join('/')}`,
    commit: (sha: string) => `${webUrl}${gitlab}/commit/${encodeURIComponent(sha)}`,
    review: (number: number) => `${webUrl}${gitlab}/${provider === RepoProvider.GITLAB ? 'merge_requests' : 'pull'}/${number}`,
  };
}
