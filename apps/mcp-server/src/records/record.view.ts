import type { AnyRecordOf, RecordOf } from './record-reads';
import type { RecordType } from './record-type';

/** How much text a packet or record carries. */
export type Detail = 'brief' | 'standard' | 'full';

/** A quote is evidence, not a transcript: never longer than this, at any detail. */
export const MAX_QUOTE = 280;
/** The longest a record's long texts (descriptions, hypotheses, results) are shown, per detail. */
export const TEXT_LIMIT: Readonly<Record<Detail, number>> = { brief: 280, standard: 1000, full: 20_000 };
/**
 * The newest branches, commits and pull requests shown per work item (each kind), whatever the
 * item has: a long-lived item can have thousands of commits. `omitted` says how many more.
 */
export const ARTIFACTS_PER_KIND: Readonly<Record<Detail, number>> = { brief: 3, standard: 10, full: 50 };

export function clip(text: unknown, max: number): string | null {
  if (typeof text !== 'string') return null;
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** The human key where the record has one, else its uuid. */
export function refOf(record: { id: string; key?: string }): string {
  return typeof record.key === 'string' ? record.key : record.id;
}

function titleOf(record: AnyRecordOf): string {
  return 'title' in record ? record.title : record.name;
}

/** An intake submission's state is its stage; the other records have a status. */
function statusOf(record: AnyRecordOf): string | null {
  if ('stage' in record) return record.stage;
  return 'status' in record && typeof record.status === 'string' ? record.status : null;
}

/**
 * How a record names itself in an answer, as REST does: its human key where its kind has one, else
 * its uuid (full views carry both, lines the one an agent passes back).
 */
export function nameOf(record: { id: string; key?: string | null }): { key: string } | { id: string } {
  return typeof record.key === 'string' ? { key: record.key } : { id: record.id };
}

/** One line per record: what lists and search answer. */
export function summaryOf<T extends RecordType>(recordKind: T, record: RecordOf[T]): ({ key: string } | { id: string }) & { recordKind: T; title: string; status: string | null } {
  return { ...nameOf(record), recordKind, title: titleOf(record), status: statusOf(record) };
}

/** A field of a record by name: a list line's extra columns are data (EXTRA), not code. */
export function fieldOf(record: object, field: string): unknown {
  return field in record ? (record as Record<string, unknown>)[field] : undefined;
}

const HEAVY_TEXT = ['description', 'explanation', 'hypothesis', 'result', 'summary', 'analysis', 'goal'];

/**
 * A record for an agent: its fields as REST names them (`id`, `key`, a work item's `type`), after
 * the kind it is (`recordKind`); long texts clipped to the detail, a transcript replaced by its
 * length (it is read in windows), labels by their names.
 */
export function viewOf(recordKind: RecordType, record: AnyRecordOf, detail: Detail): Record<string, unknown> {
  const view: Record<string, unknown> = { recordKind };
  for (const [field, value] of Object.entries(record)) {
    if (field === 'transcript') {
      view.transcriptChars = typeof value === 'string' ? value.length : 0;
    } else if (field === 'quotes' && Array.isArray(value)) {
      view.quotes = value.map((quote) => clip(quote, MAX_QUOTE));
    } else if (HEAVY_TEXT.includes(field)) {
      view[field] = clip(value, TEXT_LIMIT[detail]);
    } else if (field === 'labels' && Array.isArray(value)) {
      view.labels = value.map((label: { name: string }) => label.name);
    } else {
      view[field] = value;
    }
  }
  return view;
}
