/**
 * Every kind of record the service stores, by the name its events give it (`ckr.created`,
 * `work_item.updated`), with the human key prefix of the kinds that have one (`OKR-2`). Whatever
 * names a kind (event types, search, the MCP tools' types, and later trash and audit) takes the
 * name from here.
 */
export const RECORD_KINDS = Object.freeze({
  work_item: { keyPrefix: 'WI' },
  ckr: { keyPrefix: 'OKR' },
  annual_goal: {},
  product_goal: {},
  planning_cycle: {},
  opportunity: { keyPrefix: 'OPP' },
  solution: {},
  experiment: { keyPrefix: 'EXP' },
  interview: {},
  insight: {},
  sprint: {},
  label: {},
  team: {},
  intake: { keyPrefix: 'INT' },
  changelog: {},
  comment: {},
} as const satisfies Record<string, { keyPrefix?: string }>);
export type RecordKind = keyof typeof RECORD_KINDS;

/** The human key prefix of a kind (`OKR` for `ckr`), or undefined for a kind found by uuid only. */
export function keyPrefixOf(kind: RecordKind): string | undefined {
  const entry: { readonly keyPrefix?: string } = RECORD_KINDS[kind];
  return entry.keyPrefix;
}
