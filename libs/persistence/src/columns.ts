/**
 * One field of `rows` as an array: a parameter of a set-based statement (`unnest($1::uuid[], …)`),
 * which takes a batch as one array per column rather than one row at a time.
 */
export function column<T, K extends keyof T>(rows: readonly T[], field: K): T[K][] {
  return rows.map((row) => row[field]);
}
