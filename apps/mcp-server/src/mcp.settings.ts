import { EdgeSettings, edgeOptionsFrom } from '@pds/edge';
import { IsString } from 'class-validator';
import type { McpOptions } from './mcp.options';

/** The MCP edge's variables (plus the shared edge ones); read by its main and by standalone. */
export class McpSettings extends EdgeSettings {
  /** Comma-separated browser origins allowed besides the server's own (DNS-rebinding protection). */
  @IsString()
  MCP_ALLOWED_ORIGINS: string = '';
}

export function mcpOptionsFrom(settings: McpSettings): McpOptions {
  return {
    ...edgeOptionsFrom(settings),
    allowedOrigins: settings.MCP_ALLOWED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
  };
}
