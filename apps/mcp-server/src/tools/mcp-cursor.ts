import { BadRequestError } from '@pds/contracts';

/**
 * Cursors the MCP tools hand out: opaque base64url JSON of the tool's own state (offsets, filters),
 * so a continuation needs nothing but the cursor.
 */
export function encodeMcpCursor(tool: string, state: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ t: tool, ...state })).toString('base64url');
}

export function decodeMcpCursor<T extends Record<string, unknown>>(tool: string, cursor: string): T {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && (parsed as { t?: unknown }).t === tool) return parsed as T;
  } catch {
    // fall through: one error for every bad cursor
  }
  throw new BadRequestError(`cursor was not issued by ${tool}; pass the nextCursor of its last answer unchanged`, {
    cursor: ['invalid cursor'],
  });
}
