import { EdgeSettings, edgeOptionsFrom } from '@pds/edge';
import { IsOptional, IsString, ValidateBy } from 'class-validator';
import type { McpOptions } from './mcp.options';

function httpOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The MCP edge's variables (plus the shared edge ones); read by its main and by standalone. */
export class McpSettings extends EdgeSettings {
  /**
   * Where agents and browsers reach this server (`https://pds.example.com` or the endpoint itself,
   * `…/mcp`): its origin is the one browser Origin accepted besides MCP_ALLOWED_ORIGINS.
   * Unset: `http://localhost:<PORT>` (standalone: its PUBLIC_URL first).
   */
  @IsOptional()
  @IsString()
  @ValidateBy({
    name: 'httpUrl',
    validator: { validate: (value: unknown) => typeof value === 'string' && httpOrigin(value) !== undefined, defaultMessage: () => '$property must be an http(s) URL' },
  })
  MCP_PUBLIC_URL: string | undefined = undefined;

  /** Comma-separated browser origins allowed besides the public one (DNS-rebinding protection). */
  @IsString()
  MCP_ALLOWED_ORIGINS: string = '';
}

/**
 * `defaultPublicUrl` stands in for an unset MCP_PUBLIC_URL: the app's own address on this machine,
 * or standalone's PUBLIC_URL (the same server).
 */
export function mcpOptionsFrom(settings: McpSettings, port: number, defaultPublicUrl?: string): McpOptions {
  const publicUrl = settings.MCP_PUBLIC_URL ?? defaultPublicUrl ?? `http://localhost:${port}`;
  return {
    ...edgeOptionsFrom(settings),
    publicOrigin: httpOrigin(publicUrl) ?? publicUrl,
    // Browsers send an origin serialized (lower case, no default port, no path); so is each entry.
    allowedOrigins: settings.MCP_ALLOWED_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => httpOrigin(origin) ?? origin),
  };
}
