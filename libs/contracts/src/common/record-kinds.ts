/**
 * Every kind of record the service stores, by the name its events give it (`ckr.created`,
 * `work_item.updated`), with the human key prefix of the kinds that have one (`OKR-2`) and the noun
 * a 404 names it by (`Work item WI-3 was not found`). Whatever names a kind (event types, search,
 * the MCP tools' types, trash and audit) takes the name from here.
 */
export const RECORD_KINDS = Object.freeze({
  work_item: { keyPrefix: 'WI', resource: 'Work item' },
  ckr: { keyPrefix: 'OKR', resource: 'OKR' },
  annual_goal: { resource: 'Annual goal' },
  product_goal: { resource: 'Product goal' },
  planning_cycle: { resource: 'Planning cycle' },
  opportunity: { keyPrefix: 'OPP', resource: 'Opportunity' },
  solution: { resource: 'Solution' },
  experiment: { keyPrefix: 'EXP', resource: 'Experiment' },
  interview: { resource: 'Interview' },
  insight: { resource: 'Insight' },
  sprint: { resource: 'Sprint' },
  label: { resource: 'Label' },
  team: { resource: 'Team' },
  intake: { keyPrefix: 'INT', resource: 'Intake submission' },
  changelog: { resource: 'Changelog entry' },
  comment: { resource: 'Comment' },
} as const satisfies Record<string, { keyPrefix?: string; resource: string }>);
export type RecordKind = keyof typeof RECORD_KINDS;

/** The human key prefix of a kind (`OKR` for `ckr`), or undefined for a kind found by uuid only. */
export function keyPrefixOf(kind: RecordKind): string | undefined {
  const entry: { readonly keyPrefix?: string; readonly resource: string } = RECORD_KINDS[kind];
  return entry.keyPrefix;
}

/** How a 404 names a record of this kind (`Intake submission` for `intake`). */
export function resourceOf(kind: RecordKind): string {
  return RECORD_KINDS[kind].resource;
}
