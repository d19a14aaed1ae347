/**
 * The text a client searches for, as a LIKE/ILIKE operand that matches it anywhere: `%` and `_` are
 * the client's characters, not wildcards (backslash is PostgreSQL's default LIKE escape). Prisma's
 * `contains` does not escape them either, so it takes the escaped text.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%`, escaped: a substring match. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
