/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": Prisma's
 * connection errors, node-postgres socket errors and PostgreSQL's shutdown/connection SQLSTATEs.
 * Edges answer them with 503 (retry later) instead of 500.
 */
const UNAVAILABLE_CODES = new Set([
  'P1001', // can't reach database server
  'P1002', // database server timed out
  'P1017', // server has closed the connection
  'P2024', // timed out fetching a connection from the pool
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

const UNAVAILABLE_MESSAGES = /Can't reach database server|Connection terminated|connection terminated|terminating connection|the database system is (starting up|shutting down)|timeout exceeded when trying to connect/;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
  if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.test(candidate.message)) return true;
  const nested = [candidate.cause, candidate.meta?.driverAdapterError, ...(Array.isArray(candidate.errors) ? candidate.errors : [])];
  return nested.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

const CONFLICT_CODES = new Set(['P2034', '40001', '40P01']);

/**
 * A transaction PostgreSQL aborted because it collided with another (serialization failure,
 * deadlock): the request is fine and a retry will do, so edges answer 409, never 500.
 */
export function isWriteConflict(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const candidate = error as { code?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof candidate.code === 'string' && CONFLICT_CODES.has(candidate.code)) return true;
  return [candidate.cause, candidate.meta?.driverAdapterError].some((inner) => isWriteConflict(inner, depth + 1));
}

/**
 * PostgreSQL refused a value itself, not the moment: a data exception (SQLSTATE class 22, e.g. a
 * number out of range, a malformed timestamp) or a program limit (class 54, e.g. an index entry
 * over its size). Running the same statement again fails the same way. Returns the database's
 * message, or null for any other error.
 */
export function refusedValue(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== 'object' || depth > 5) return null;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (typeof candidate.code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(candidate.code)) {
    return typeof candidate.message === 'string' ? candidate.message : candidate.code;
  }
  for (const inner of [candidate.cause, candidate.meta?.driverAdapterError]) {
    const found = refusedValue(inner, depth + 1);
    if (found) return found;
  }
  return null;
}
