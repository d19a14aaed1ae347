const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/** A path `{id}`: the record's uuid, or its human key (`WI-42`, case-insensitive). */
export type RecordRef = { kind: 'id'; id: string } | { kind: 'key'; number: number } | { kind: 'invalid' };

/** A RecordRef that can name a record: what a repository's lookup by ref takes. */
export type ValidRecordRef = Exclude<RecordRef, { kind: 'invalid' }>;

export function parseRecordRef(ref: string, keyPrefix: string): RecordRef {
  if (isUuid(ref)) return { kind: 'id', id: ref.toLowerCase() };
  const match = /^([a-z]+)-(\d{1,9})$/i.exec(ref);
  if (match && match[1].toUpperCase() === keyPrefix) return { kind: 'key', number: Number(match[2]) };
  return { kind: 'invalid' };
}

export function formatKey(prefix: string, number: number): string {
  return `${prefix}-${number}`;
}

/** `YYYY-MM-DD` that is also a real calendar date. */
export function isCalendarDate(value: string): boolean {
  // Year 0000 parses in JavaScript but is no PostgreSQL date.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
