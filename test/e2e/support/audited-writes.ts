/*
 * The check the audit log is held to after a run: every successful write the suite made on the
 * shared stack has at least one audit entry with its request id. The response validator (every
 * spec's fetch) records each write here; the global teardown compares them with the stored entries.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RecordedWrite {
  method: string;
  path: string;
  status: number;
  requestId: string;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Where the changes are made through: the REST API, the operator API and the public portal. */
const AUDITED_EDGES = /^\/(api\/v1|operator|public\/portals)\//;
/**
 * Writes that change no record, so have no entry by design: a webhook test ping and a redelivery
 * send a request, they change nothing the API shows as a record's state.
 */
const NOT_CHANGES = [
  /^\/api\/v1\/webhooks\/[^/]+\/test$/,
  /^\/api\/v1\/webhooks\/deliveries\/[^/]+\/redeliver$/,
  // A read by POST (link previews of texts not yet saved).
  /^\/api\/v1\/repositories\/preview-links$/,
];

/**
 * Idempotent routes whose repeat succeeds and changes nothing (revoking a revoked key, deactivating
 * a deactivated user), so has no entry, and whose answer cannot tell a repeat from a change: left
 * out here; audit.e2e-spec checks their entries.
 */
const REPEATABLE = new Set([
  'DELETE /api/v1/api-keys/{id}',
  'DELETE /api/v1/me/api-keys/{id}',
  'POST /api/v1/users/{id}/deactivate',
  'POST /api/v1/users/{id}/reactivate',
]);

/**
 * An unarchive of a live record answers it as it was, and its `updatedAt` can be within a
 * millisecond of the request (the archive just before moved it, sometimes a tick ahead of the
 * clock): the answer cannot tell a repeat from a change. audit.e2e-spec checks their entries.
 */
const REPEATABLE_PATTERN = /^POST \/api\/v1\/[a-z-]+\/\{id\}\/unarchive$/;

export const writesFile = (logDir: string) => path.join(logDir, 'audited-writes.jsonl');

/**
 * Records one answer if it is a change: a 2xx to a write on an audited edge, not an idempotent
 * replay (the first answer wrote the entry), and not a PATCH that changed nothing (its record's
 * `updatedAt` is older than the request).
 */
export function recordWrite(logDir: string, method: string, url: URL, status: number, headers: Headers, text: string | undefined, startedAt: number): void {
  if (!WRITES.has(method) || status < 200 || status > 299 || !AUDITED_EDGES.test(url.pathname)) return;
  if (NOT_CHANGES.some((pattern) => pattern.test(url.pathname)) || headers.get('idempotent-replayed') === 'true') return;
  const requestId = headers.get('x-request-id');
  if (!requestId) return;
  // A PATCH, archive or unarchive that changed nothing answers the record as it was (archiving an
  // archived record is idempotent); an auto-archive run that found nothing archived nothing.
  if ((method === 'PATCH' || /[/-](un)?archive$/.test(url.pathname)) && text) {
    try {
      const answer = JSON.parse(text) as { updatedAt?: unknown; archivedAt?: unknown; archived?: unknown };
      if (url.pathname === '/operator/auto-archive' && answer.archived === 0) return;
      // A record without `updatedAt` (sprints): archived before the request, so this archive was a repeat.
      if (url.pathname.endsWith('/archive') && typeof answer.archivedAt === 'string' && Date.parse(answer.archivedAt) < startedAt - 1) return;
      // Whole milliseconds on the wire: a change made during the request is at or after its start, less a tick.
      if (typeof answer.updatedAt === 'string' && Date.parse(answer.updatedAt) < startedAt - 1) return;
    } catch {
      // not JSON: a change like any other
    }
  }
  const write: RecordedWrite = { method, path: url.pathname, status, requestId };
  appendFileSync(writesFile(logDir), `${JSON.stringify(write)}\n`);
}

export function recordedWrites(logDir: string): RecordedWrite[] {
  const file = writesFile(logDir);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedWrite);
}

/** `/api/v1/work-items/WI-3/comments/<uuid>` → `/api/v1/work-items/{id}/comments/{id}`: the route, for the report. */
function route(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(segment) || /^[A-Z]+-\d+$/.test(segment) ? '{id}' : segment))
    .join('/');
}

/** The writes whose request id has no entry, grouped by route (`POST /api/v1/labels: 3 of 3`). */
export function unaudited(writes: RecordedWrite[], auditedRequestIds: Set<string>): string[] {
  const byRoute = new Map<string, { missing: number; total: number }>();
  for (const write of writes) {
    const key = `${write.method} ${route(write.path)}`;
    const counts = byRoute.get(key) ?? { missing: 0, total: 0 };
    counts.total++;
    if (!auditedRequestIds.has(write.requestId)) counts.missing++;
    byRoute.set(key, counts);
  }
  return [...byRoute]
    .filter(([key, counts]) => !REPEATABLE.has(key) && !REPEATABLE_PATTERN.test(key) && counts.missing > 0)
    .map(([key, counts]) => `${key}: ${counts.missing} of ${counts.total} without an audit entry`)
    .sort();
}
