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
