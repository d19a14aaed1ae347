/** Signed GitHub push deliveries, as the repo-receiver gets them from GitHub. */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/** A repository connected over the API: its id (in the hook URL), signing secret and name. */
export interface PushConnection {
  id: string;
  secret: string;
  fullName: string;
}

const sha = () => randomBytes(20).toString('hex');

/** A push of a new branch with three commits, each naming the work item `keyOf(3n + k)`. */
export function pushPayload(fullName: string, n: number, keyOf: (i: number) => string): string {
  const commits = [0, 1, 2].map((k) => ({
    id: sha(),
    message: `${keyOf(n * 3 + k)}: change ${k} of push ${n}`,
    timestamp: new Date().toISOString(),
    url: `https://github.com/${fullName}/commit/x`,
    author: { name: 'Bench', email: 'bench@example.com' },
  }));
  return JSON.stringify({
    ref: `refs/heads/bench/${n}`,
    before: '0'.repeat(40),
    after: commits[2].id,
    created: true,
    deleted: false,
    forced: false,
    commits,
    head_commit: commits[2],
    repository: { full_name: fullName, html_url: `https://github.com/${fullName}` },
  });
}

/** Path, headers (signature included) and body of push `n` to `connection`; `id` is its delivery id. */
export function signedPush(connection: PushConnection, n: number, keyOf: (i: number) => string): { path: string; id: string; headers: Record<string, string>; body: string } {
  const body = pushPayload(connection.fullName, n, keyOf);
  const id = randomUUID();
  return {
    path: `/hooks/github/${connection.id}`,
    id,
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-delivery': id,
      'x-hub-signature-256': `sha256=${createHmac('sha256', connection.secret).update(body).digest('hex')}`,
    },
  };
}
