import { LinkSource, LinkedBy } from '@pds/contracts';

export const MAX_EXCERPT_LENGTH = 120;

/** One work-item key found in a text. */
export interface KeyMatch {
  /** Canonical form, `WI-12`. */
  key: string;
  source: LinkSource;
  /** The excerpt shown in `linkedBy`. */
  text: string;
  /** Preceded by a closing word ("Fixes WI-7"); only counts in a pull/merge request body. */
  closing: boolean;
}

/**
 * `WI-<n>` case-insensitively, not inside a longer word (`kiwi-3` is no key), `n` without leading
 * zeros: `WI-012` is not the key the service prints, so it links nothing (docs/decisions.md).
 * Underscores separate like dashes do: branch names such as `feature_wi-12` are common.
 */
const KEY_RE = /(?<![A-Za-z0-9])WI-([1-9][0-9]{0,8})(?![A-Za-z0-9])/gi;

/** GitHub's closing keywords plus complete/implement; an optional colon, then the key. */
const CLOSING_RE =
  /(?<![A-Za-z0-9])(?:close|closes|closed|fix|fixes|fixed|resolve|resolves|resolved|complete|completes|implement|implements):?\s+$/i;

/** Keys in one text, in order of appearance; one entry per key (the first closing mention wins). */
export function findKeys(text: string | null | undefined, source: LinkSource): KeyMatch[] {
  if (!text) return [];
  const found = new Map<string, KeyMatch>();
  for (const match of text.matchAll(KEY_RE)) {
    const key = `WI-${match[1]}`;
    const start = match.index;
    const closing = CLOSING_RE.test(text.slice(Math.max(0, start - 32), start));
    const previous = found.get(key);
    if (previous && (previous.closing || !closing)) continue;
    found.set(key, { key, source, text: excerpt(text, start, match[0].length), closing });
  }
  return [...found.values()];
}

/** The line around a match, cut to at most 120 characters with the key kept in view. */
export function excerpt(text: string, start: number, length: number): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', start + length);
  const lineEnd = newline === -1 ? text.length : newline;
  const line = text.slice(lineStart, lineEnd).replace(/\s+$/, '');
  if (line.length <= MAX_EXCERPT_LENGTH) return line;
  const offset = start - lineStart;
  const from = Math.max(0, Math.min(offset - 40, line.length - MAX_EXCERPT_LENGTH));
  return line.slice(from, from + MAX_EXCERPT_LENGTH);
}

/** Whether a match may run a status automation: branch, title, or a closing word in the body. */
export function drivesAutomation(match: Pick<KeyMatch, 'source' | 'closing'>): boolean {
  if (match.source === LinkSource.branch || match.source === LinkSource.title) return true;
  return match.source === LinkSource.body && match.closing;
}

/** Groups matches of several texts by key: what `linkedBy` shows and whether automations apply. */
export function groupByKey(matches: readonly KeyMatch[]): Map<string, { linkedBy: LinkedBy[]; automates: boolean }> {
  const byKey = new Map<string, { linkedBy: LinkedBy[]; automates: boolean }>();
  for (const match of matches) {
    const entry = byKey.get(match.key) ?? { linkedBy: [], automates: false };
    if (!entry.linkedBy.some((l) => l.source === match.source && l.text === match.text)) {
      entry.linkedBy.push({ source: match.source, text: match.text });
    }
    entry.automates ||= drivesAutomation(match);
    byKey.set(match.key, entry);
  }
  return byKey;
}
