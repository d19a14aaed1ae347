import { BadRequestError, RecordKind, isUuid, keyPrefixOf } from '@pds/contracts';

/**
 * The record kinds the MCP tools read (libs/contracts RECORD_KINDS), each by the name agents see:
 * the kind's own name, but `okr` for `ckr`, as the tools have always said (docs/architecture-notes.md,
 * Glossary). Agents keep every name they could use before.
 */
const TYPE_OF_KIND = {
  work_item: 'work_item',
  ckr: 'okr',
  opportunity: 'opportunity',
  solution: 'solution',
  experiment: 'experiment',
  interview: 'interview',
  insight: 'insight',
  product_goal: 'product_goal',
  annual_goal: 'annual_goal',
  sprint: 'sprint',
  intake: 'intake',
} as const satisfies Partial<Record<RecordKind, string>>;

/** Every record type the MCP tools read, by the name agents see. */
export type RecordType = (typeof TYPE_OF_KIND)[keyof typeof TYPE_OF_KIND];
export const RECORD_TYPES: readonly RecordType[] = Object.values(TYPE_OF_KIND);

/** The type agents see for a record kind the tools read. */
export function typeOfKind(kind: ReadKind): RecordType {
  return TYPE_OF_KIND[kind];
}

/** The record kinds the tools read. */
export type ReadKind = keyof typeof TYPE_OF_KIND;

/** The record kind an agent's type names. */
export function kindOfType(type: RecordType): ReadKind {
  return type === 'okr' ? 'ckr' : type;
}

const BY_PREFIX = new Map<string, RecordType>();
for (const type of RECORD_TYPES) {
  const keyPrefix = keyPrefixOf(kindOfType(type));
  if (keyPrefix) BY_PREFIX.set(keyPrefix, type);
}

/** The types a ref may name: one for a key (`WI-7`), every type for a uuid. */
export function typesOfRef(ref: string): readonly RecordType[] {
  const trimmed = ref.trim();
  // A uuid may name a record of any type: keyed records are found by their uuid too.
  if (isUuid(trimmed)) return RECORD_TYPES;
  const match = /^([A-Za-z]+)-(\d{1,9})$/.exec(trimmed);
  const type = match ? BY_PREFIX.get(match[1].toUpperCase()) : undefined;
  if (!type) {
    throw new BadRequestError(
      `"${ref}" is not a ref: use a key (WI-7, OKR-2, OPP-3, EXP-1, INT-4) or a record's uuid (search finds both)`,
      { ref: ['unknown ref format'] },
    );
  }
  return [type];
}
