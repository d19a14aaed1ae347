import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { ROLES_WITHOUT_KEYS, can } from '@pds/auth';
import { AuthContext, Role } from '@pds/contracts';
import { compactToolList } from './compact-schema';
import { MCP_TOOLS, McpTool } from './mcp-tool';
import { ToolRunner } from './tool-runner';

const INSTRUCTIONS =
  'Product OS: goals, OKRs (kind ckr), discovery (opportunities, solutions, experiments, interviews, insights), delivery ' +
  '(work items, sprints) and intake (stakeholder submissions). Start with get_discovery_context for a record or topic. ' +
  'A ref is a key (WI-7 work item, OKR-2, OPP-3, EXP-1; INT-4 intake submission) or a uuid; answers name records by ' +
  'key or id with their recordKind. Lists are capped: pass nextCursor to continue.';

/**
 * A server per request (stateless transport), holding only the tools the caller's role may use.
 * The `tools/list` answer depends on the role alone, so it is produced once per role by the SDK
 * itself at start-up and served from memory; rendering twelve JSON Schemas per request was most of
 * a connect's cost.
 */
@Injectable()
export class McpServerFactory implements OnModuleInit {
  private readonly toolLists = new Map<Role, ListToolsResult>();
  /**
   * Shared by every server: each SDK Server otherwise builds its own Ajv instance (only used to
   * check elicitation answers, which this server never asks for), a seventh of a request's CPU.
   */
  private readonly validator = new AjvJsonSchemaValidator();

  constructor(
    @Inject(MCP_TOOLS) private readonly tools: McpTool[],
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const role of Object.values(Role).filter((r) => !ROLES_WITHOUT_KEYS.includes(r))) {
      const server = this.build({ organizationId: '', userId: '', keyId: '', role });
      const client = new Client({ name: 'tools-list', version: '1.0.0' });
      const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
      await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
      this.toolLists.set(role, compactToolList(await client.listTools()));
      await client.close();
      await server.close();
    }
  }

  /** What `tools/list` answers a role (after start-up). */
  toolsListOf(role: Role): ListToolsResult | undefined {
    return this.toolLists.get(role);
  }

  create(auth: AuthContext): McpServer {
    const server = this.build(auth);
    const list = this.toolLists.get(auth.role);
    if (list) server.server.setRequestHandler(ListToolsRequestSchema, () => list);
    return server;
  }

  private build(auth: AuthContext): McpServer {
    const server = new McpServer({ name: 'product-os', version: '1.0.0' }, {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: this.validator,
    });
    for (const tool of this.tools) if (can(auth.role, tool.spec.permission)) this.register(server, tool, auth);
    return server;
  }

  private register(server: McpServer, tool: McpTool, auth: AuthContext): void {
    const { name, description, annotations, input } = tool.spec;
    const config = { description, annotations };
    // Without an input schema the SDK calls the handler with `extra` alone and lists an empty object schema.
    if (input) server.registerTool(name, { ...config, inputSchema: input }, (args) => this.runner.run(name, () => tool.call(args, auth)));
    else server.registerTool(name, config, () => this.runner.run(name, () => tool.call({}, auth)));
  }
}
