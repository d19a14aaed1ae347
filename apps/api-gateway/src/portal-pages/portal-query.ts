import { IntakeKind, IntakeStage, PortalSort, enumValues } from '@pds/contracts';
import type { ListState } from './portal-views';

const pick = <T extends string>(value: unknown, allowed: readonly string[]): T | undefined =>
  typeof value === 'string' && allowed.includes(value) ? (value as T) : undefined;

/**
 * The list page's state from its query string, as forgiving as a page must be: the filter form
 * sends `kind=` for "all kinds", and a value the portal does not know is no filter rather than an
 * error page. The portal's message validates what is passed on all the same.
 */
export function listStateOf(query: Record<string, unknown>): ListState {
  const q = typeof query.q === 'string' ? query.q.trim().slice(0, 200) : '';
  return {
    sort: pick<PortalSort>(query.sort, enumValues(PortalSort)) ?? PortalSort.newest,
    kind: pick<IntakeKind>(query.kind, enumValues(IntakeKind)),
    stage: pick<IntakeStage>(query.stage, enumValues(IntakeStage)),
    q: q || undefined,
  };
}

export function cursorOf(query: Record<string, unknown>): string | undefined {
  return typeof query.cursor === 'string' && query.cursor !== '' ? query.cursor : undefined;
}
