import { Inject, Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { can } from '@pds/auth';
import type { AuthContext } from '@pds/contracts';
import { MCP_TOOLS, McpTool } from './mcp-tool';

const INSTRUCTIONS =
  'Product OS: goals, OKRs, discovery (opportunities, solutions, experiments, interviews, insights) and delivery ' +
  '(work items, sprints). Start with get_discovery_context for a record or topic; refs are keys like WI-7, OKR-2, ' +
  'OPP-3, EXP-1, INT-4 or uuids. Lists are capped: pass nextCursor to continue.';

/** A server per request (stateless transport), holding only the tools the caller's role may use. */
@Injectable()
export class McpServerFactory {
  constructor(@Inject(MCP_TOOLS) private readonly tools: McpTool[]) {}

  create(auth: AuthContext): McpServer {
    const server = new McpServer({ name: 'product-os', version: '1.0.0' }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
    for (const tool of this.tools) if (can(auth.role, tool.permission)) tool.register(server, auth);
    return server;
  }
}
