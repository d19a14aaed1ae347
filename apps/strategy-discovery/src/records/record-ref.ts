import { isUuid, parseRecordRef } from '@pds/contracts';

/** Prisma `where` for a path `{id}`: uuid or human key (any case); null when it can name nothing. */
export function refWhere(ref: string, keyPrefix?: string): { id: string } | { number: number } | null {
  if (!keyPrefix) return isUuid(ref) ? { id: ref.toLowerCase() } : null;
  const parsed = parseRecordRef(ref, keyPrefix);
  if (parsed.kind === 'id') return { id: parsed.id };
  if (parsed.kind === 'key') return { number: parsed.number };
  return null;
}

function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The given fields whose value differs from the stored one: a PATCH that changes nothing writes nothing. */
export function changedFields<R extends object>(current: R, wanted: object): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(wanted)) {
    if (value !== undefined && !same((current as Record<string, unknown>)[field], value)) changes[field] = value;
  }
  return changes;
}
