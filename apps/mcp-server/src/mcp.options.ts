import type { EdgeOptions } from '@pds/edge';

export interface McpOptions extends EdgeOptions {
  /** The origin of the server's public URL (MCP_PUBLIC_URL): browsers' pages there may call it. */
  publicOrigin: string;
  /** Origins accepted besides the public one; requests without an Origin header are not browsers. */
  allowedOrigins: string[];
}

export const MCP_OPTIONS = Symbol('MCP_OPTIONS');
