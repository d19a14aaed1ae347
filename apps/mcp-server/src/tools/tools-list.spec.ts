import { ROLES_WITHOUT_KEYS } from '@pds/auth';
import { Role } from '@pds/contracts';
import type { Logger } from 'pino';
import { Metrics } from '@pds/observability';
import { AddCommentTool } from './add-comment.tool';
import { CreateWorkItemTool } from './create-work-item.tool';
import { DiscoveryContextTool } from './discovery-context.tool';
import { GetRecordsTool } from './get-records.tool';
import { LinkWorkItemsTool, UnlinkWorkItemsTool } from './link-work-items.tool';
import { ListRecordsTool } from './list-records.tool';
import { ListWorkItemsTool } from './list-work-items.tool';
import { McpTool } from './mcp-tool';
import { McpServerFactory } from './mcp-server.factory';
import { SaveDiscoveryRecordTool } from './save-discovery-record.tool';
import { SearchTool } from './search.tool';
import { ToolRunner } from './tool-runner';
import { UpdateWorkItemTool } from './update-work-item.tool';
import { WhoamiTool } from './whoami.tool';

/** The budget of the widest role's `tools/list` (docs/mcp.md, Limits). */
const BUDGET = 13_000;

// Only the specs matter to tools/list: the tools' collaborators are never called.
const none = {} as never;
const TOOLS: McpTool[] = [
  new DiscoveryContextTool(none),
  new SearchTool(none),
  new GetRecordsTool(none, none, none),
  new ListWorkItemsTool(none),
  new ListRecordsTool(none),
  new WhoamiTool(none),
  new CreateWorkItemTool(none),
  new UpdateWorkItemTool(none),
  new AddCommentTool(none),
  new LinkWorkItemsTool(none, none),
  new UnlinkWorkItemsTool(none, none),
  new SaveDiscoveryRecordTool(none),
] as McpTool[];

/** Every property of a JSON Schema, nested ones included, with its path. */
function properties(schema: Record<string, unknown>, path = ''): [string, Record<string, unknown>][] {
  const own = Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>);
  return own.flatMap(([name, property]) => {
    const inner = (property.anyOf as Record<string, unknown>[] | undefined)?.find((s) => s.type !== 'null') ?? property;
    const nested = inner.type === 'object' ? properties(inner, `${path}${name}.`) : [];
    return [[`${path}${name}`, property] as [string, Record<string, unknown>], ...nested];
  });
}

describe('tools/list', () => {
  let factory: McpServerFactory;
  beforeAll(async () => {
    factory = new McpServerFactory(TOOLS, new ToolRunner({ error: () => undefined } as unknown as Logger, {} as Metrics));
    await factory.onModuleInit();
  });

  it(`stays within ${BUDGET.toLocaleString('en')} characters for every role that may hold a key, and records each size`, () => {
    const sizes = Object.fromEntries(
      Object.values(Role)
        .filter((role) => !ROLES_WITHOUT_KEYS.includes(role))
        .map((role) => [role, JSON.stringify(factory.toolsListOf(role)).length]),
    );
    // The figures docs/mcp.md shows (Limits).
    console.log(`tools/list characters per role: ${JSON.stringify(sizes)}`);
    expect(Object.keys(sizes).sort()).toEqual(['ADMIN', 'DEV', 'PM']);
    for (const size of Object.values(sizes)) expect(size).toBeLessThanOrEqual(BUDGET);
    expect(sizes.ADMIN).toBe(sizes.PM);
    expect(sizes.DEV).toBeLessThan(sizes.ADMIN);
  });

  it('describes every argument, nested fields included, and has no opaque object', () => {
    const { tools } = factory.toolsListOf(Role.ADMIN) ?? { tools: [] };
    expect(tools).toHaveLength(12);
    const undescribed: string[] = [];
    for (const tool of tools) {
      for (const [path, property] of properties(tool.inputSchema as Record<string, unknown>)) {
        const inner = (property.anyOf as Record<string, unknown>[] | undefined)?.find((s) => s.type !== 'null') ?? property;
        if (!property.description && !inner.description) undescribed.push(`${tool.name}.${path}`);
        if (inner.type === 'object') expect(inner.properties).toBeDefined();
        if (inner.type === 'object') expect(inner.additionalProperties).toBe(false);
      }
    }
    expect(undescribed).toEqual([]);
  });

  it('names record types by the record kinds in every tool', () => {
    const { tools } = factory.toolsListOf(Role.ADMIN) ?? { tools: [] };
    const schema = (name: string) => tools.find((t) => t.name === name)?.inputSchema as { properties: Record<string, { enum?: string[]; items?: { enum?: string[] } }> };
    expect(schema('search').properties.types.items?.enum).toEqual(['ckr', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'product_goal', 'annual_goal', 'work_item']);
    expect(schema('list_records').properties.type.enum).toEqual(['ckr', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'annual_goal', 'product_goal', 'sprint', 'intake', 'goals']);
    expect(schema('save_discovery_record').properties.type.enum).toEqual(['opportunity', 'solution', 'experiment', 'interview', 'insight']);
  });
});
