import { isUuid, parseRecordRef } from '@pds/contracts';

/** Prisma `where` for a path `{id}`: uuid or human key (any case); null when it can name nothing. */
export function refWhere(ref: string, keyPrefix?: string): { id: string } | { number: number } | null {
  if (!keyPrefix) return isUuid(ref) ? { id: ref.toLowerCase() } : null;
  const parsed = parseRecordRef(ref, keyPrefix);
  if (parsed.kind === 'id') return { id: parsed.id };
  if (parsed.kind === 'key') return { number: parsed.number };
  return null;
}
