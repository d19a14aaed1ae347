import { BadRequestError, RecordKind, STRATEGY_SEARCH_TYPES, isUuid, keyPrefixOf } from '@pds/contracts';
import { z } from 'zod';

/**
 * The record kinds the MCP tools read, named as RECORD_KINDS names them (libs/contracts), in every
 * tool: what the tools take as a type and answer as `recordKind`.
 */
export const RECORD_TYPES = ['work_item', ...STRATEGY_SEARCH_TYPES, 'sprint', 'intake'] as const satisfies readonly RecordKind[];

/** Every record kind the MCP tools read. */
export type RecordType = (typeof RECORD_TYPES)[number];

/**
 * Names the tools took before they spoke of kinds (`okr`, and `list_records`' plurals): agents
 * written against them keep working. `goals` lists both goal kinds and is no alias of one kind.
 */
export const TYPE_ALIASES: Readonly<Record<string, RecordType>> = {
  okr: 'ckr',
  okrs: 'ckr',
  ckrs: 'ckr',
  work_items: 'work_item',
  opportunities: 'opportunity',
  solutions: 'solution',
  experiments: 'experiment',
  interviews: 'interview',
  insights: 'insight',
  product_goals: 'product_goal',
  annual_goals: 'annual_goal',
  sprints: 'sprint',
};

/** The kind a type name means: itself, or the kind its alias stands for. */
export function canonicalType(name: unknown): unknown {
  return typeof name === 'string' ? (TYPE_ALIASES[name] ?? name) : name;
}

/**
 * A zod enum of kinds that also takes their aliases. Only the kinds are shown to agents: the JSON
 * Schema of a preprocess is that of its target.
 */
export function kindEnum<const K extends readonly [string, ...string[]]>(kinds: K) {
  return z.preprocess(canonicalType, z.enum(kinds));
}

const BY_PREFIX = new Map<string, RecordType>();
for (const type of RECORD_TYPES) {
  const keyPrefix = keyPrefixOf(type);
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
