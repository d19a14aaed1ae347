import type { EdgeOptions } from '@pds/edge';

export interface McpOptions extends EdgeOptions {
  /** Origins accepted besides the server's own; requests without an Origin header are not browsers. */
  allowedOrigins: string[];
}

export const MCP_OPTIONS = Symbol('MCP_OPTIONS');
