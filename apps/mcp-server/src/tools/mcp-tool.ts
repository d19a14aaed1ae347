import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { Permission } from '@pds/auth';
import type { AuthContext } from '@pds/contracts';
import { z } from 'zod';

/** What a tool is, declared once: its name, who may call it, what it promises, takes and says. */
export interface ToolSpec<Input extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly permission: Permission;
  readonly annotations: ToolAnnotations;
  /** Built once: the SDK turns it into the tool's JSON Schema. Absent: the tool takes no arguments. */
  readonly input?: Input;
  readonly description: string;
}

/**
 * One MCP tool: the server factory registers it on a caller's server only when the caller's role
 * holds its permission, and turns what `call` throws into an `isError` result.
 */
export interface McpTool<Input extends z.ZodObject = z.ZodObject> {
  readonly spec: ToolSpec<Input>;
  /** The answer as compact JSON (structuredContent and text). */
  call(args: z.output<Input>, auth: AuthContext): Promise<Record<string, unknown>>;
}

export const MCP_TOOLS = Symbol('MCP_TOOLS');

/**
 * Read tools only read; the hint lets clients run them without asking. Writes (not read-only by default) say they destroy
 * nothing (the protocol's default for a write is destructive). Only what differs from the defaults
 * is sent: tools/list has a budget (docs/mcp.md, Limits).
 */
export const READ_ONLY = { readOnlyHint: true } as const;
export const WRITE = { destructiveHint: false } as const;

/**
 * A string checked for length without saying so in its JSON Schema: for limits no agent comes near
 * (long texts, cursors), whose `maxLength`/`minLength` would only cost tools/list characters.
 */
export function text(max: number, min = 0) {
  return z.string().refine((value) => value.length >= min && value.length <= max, min ? `${min} to ${max} characters` : `at most ${max} characters`);
}

/** A record's human key or uuid, as the tools take it. */
export const REF = z.string().trim().pipe(text(100, 1));
/** The same, described once for the tools that take one record. */
export const RECORD_REF = REF.describe('Key (WI-7, OKR-2, OPP-3, EXP-1, INT-4) or uuid');

/** The nextCursor an answer gave, passed back unchanged. */
export const cursorInput = (max = 2000) => text(max).optional().describe('nextCursor of the previous answer');

/** Paging of the list tools: at most 100 lines, the cursor of the previous page. */
export const LIST_PAGE_INPUT = { limit: z.number().int().min(1).max(100).optional().describe('Lines per page (default 25)'), cursor: cursorInput(600) };
