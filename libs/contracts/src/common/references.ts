import { ReferenceNoun, UnknownReferenceError, unknownReferences } from './errors';

/** The ids among those given that name records of the caller's organization (a repository's `existingIds`). */
export type ExistingIds = (ids: string[]) => Promise<Iterable<string>>;

/** A body field's reference: one id, a list of ids, or nothing (absent or cleared). */
export type ReferenceValue = string | readonly string[] | null | undefined;

/**
 * "Does this id belong to the organization", for every field of a body at once: each `ids(…)` looks
 * the given fields' ids up in one call, and `throwIfAny()` answers 400 `UnknownReferenceError` with
 * every bad field (contract: all bad fields are reported together). Lookups may run concurrently.
 */
export class ReferenceCheck {
  private readonly problems: Record<string, string[]> = {};

  /** Looks up every id the fields name in one `existing` call (none when they name nothing). */
  async ids(fields: Readonly<Record<string, ReferenceValue>>, existing: ExistingIds, noun: ReferenceNoun = 'id'): Promise<void> {
    const wanted = new Set<string>();
    for (const value of Object.values(fields)) for (const id of idsOf(value)) wanted.add(id);
    if (wanted.size === 0) return;
    this.among(fields, await existing([...wanted]), noun);
  }

  /** Notes the fields' ids that are not among `found` (ids looked up already, in one request for several kinds). */
  among(fields: Readonly<Record<string, ReferenceValue>>, found: Iterable<string>, noun: ReferenceNoun = 'id'): void {
    const known = found instanceof Set ? (found as Set<string>) : new Set(found);
    for (const [field, value] of Object.entries(fields)) this.missing(field, idsOf(value).filter((id) => !known.has(id)), noun);
  }

  /** Notes ids of a field that were found missing some other way (none: nothing to note). */
  missing(field: string, ids: readonly string[], noun: ReferenceNoun = 'id'): void {
    if (ids.length) this.problems[field] = [unknownReferences(noun, ids)];
  }

  /** A field's reference that exists but may not be used (its own parent, a cycle). */
  refuse(field: string, problem: string): void {
    this.problems[field] = [problem];
  }

  throwIfAny(): void {
    if (Object.keys(this.problems).length > 0) throw new UnknownReferenceError(this.problems);
  }
}

function idsOf(value: ReferenceValue): readonly string[] {
  return value == null ? [] : typeof value === 'string' ? [value] : value;
}
