/** Record times on the wire: ISO 8601 UTC with milliseconds; calendar dates as `YYYY-MM-DD`. */
export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
export const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
