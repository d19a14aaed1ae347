import {
  BadRequestError,
  CKR_KEY_PREFIX,
  EXPERIMENT_KEY_PREFIX,
  INTAKE_KEY_PREFIX,
  OPPORTUNITY_KEY_PREFIX,
  STRATEGY_SEARCH_TYPES,
  WORK_ITEM_KEY_PREFIX,
  isUuid,
} from '@pds/contracts';

/** Every record type the MCP tools read, by the name agents see. */
export const RECORD_TYPES = ['work_item', ...STRATEGY_SEARCH_TYPES, 'sprint', 'intake'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

const BY_PREFIX: Record<string, RecordType> = {
  [WORK_ITEM_KEY_PREFIX]: 'work_item',
  [CKR_KEY_PREFIX]: 'okr',
  [OPPORTUNITY_KEY_PREFIX]: 'opportunity',
  [EXPERIMENT_KEY_PREFIX]: 'experiment',
  [INTAKE_KEY_PREFIX]: 'intake',
};

/** Types whose records have no human key: a uuid may name any of these (or a keyed one). */
export const UUID_TYPES: readonly RecordType[] = RECORD_TYPES;

/** The types a ref may name: one for a key (`WI-7`), every type for a uuid. */
export function typesOfRef(ref: string): readonly RecordType[] {
  const trimmed = ref.trim();
  if (isUuid(trimmed)) return UUID_TYPES;
  const match = /^([A-Za-z]+)-(\d{1,9})$/.exec(trimmed);
  const type = match ? BY_PREFIX[match[1].toUpperCase()] : undefined;
  if (!type) {
    throw new BadRequestError(
      `"${ref}" is not a ref: use a key (WI-7, OKR-2, OPP-3, EXP-1, INT-4) or a record's uuid (search finds both)`,
      { ref: ['unknown ref format'] },
    );
  }
  return [type];
}
