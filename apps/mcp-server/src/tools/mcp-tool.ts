import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Permission } from '@pds/auth';
import type { AuthContext } from '@pds/contracts';

/** One MCP tool: registered on a caller's server only when the caller's role holds its permission. */
export interface McpTool {
  readonly name: string;
  readonly permission: Permission;
  register(server: McpServer, auth: AuthContext): void;
}

export const MCP_TOOLS = Symbol('MCP_TOOLS');

/**
 * Read tools only read; the hint lets clients run them without asking. Writes say they destroy
 * nothing (the protocol's default for a write is destructive). Only what differs from the defaults
 * is sent: tools/list has to stay under 10,000 characters.
 */
export const READ_ONLY = { readOnlyHint: true } as const;
export const WRITE = { readOnlyHint: false, destructiveHint: false } as const;
