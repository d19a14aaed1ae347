import { DynamicModule, Module, Provider } from '@nestjs/common';
import { RateLimitSyncHandler, RecordSearch, edgeProviders } from '@pds/edge';
import { DiscoveryContextService } from './context/discovery-context.service';
import { DiscoveryGraphBuilder } from './context/discovery-graph.builder';
import { MCP_OPTIONS, McpOptions } from './mcp.options';
import { ArtifactReader } from './records/artifact.reader';
import { RecordSearchService } from './records/record-search.service';
import { RecordReader } from './records/record.reader';
import { WorkItemLinksReader } from './records/work-item-links.reader';
import { AddCommentTool } from './tools/add-comment.tool';
import { CreateWorkItemTool } from './tools/create-work-item.tool';
import { DiscoveryContextTool } from './tools/discovery-context.tool';
import { GetRecordsTool } from './tools/get-records.tool';
import { LinkWorkItemsTool, UnlinkWorkItemsTool } from './tools/link-work-items.tool';
import { ListRecordsTool } from './tools/list-records.tool';
import { ListWorkItemsTool } from './tools/list-work-items.tool';
import { MCP_TOOLS } from './tools/mcp-tool';
import { McpServerFactory } from './tools/mcp-server.factory';
import { SaveDiscoveryRecordTool } from './tools/save-discovery-record.tool';
import { SearchTool } from './tools/search.tool';
import { ToolRunner } from './tools/tool-runner';
import { UpdateWorkItemTool } from './tools/update-work-item.tool';
import { WhoamiTool } from './tools/whoami.tool';
import { KeyRevokedHandler } from './transport/key-revoked.handler';
import { McpAuthenticator } from './transport/mcp.authenticator';
import { McpController } from './transport/mcp.controller';
import { OAuthRegistrationController } from './transport/oauth-registration.controller';

/** In `tools/list` order: orientation and reads first, then writes. */
const TOOLS = [
  DiscoveryContextTool,
  SearchTool,
  GetRecordsTool,
  ListWorkItemsTool,
  ListRecordsTool,
  WhoamiTool,
  CreateWorkItemTool,
  UpdateWorkItemTool,
  AddCommentTool,
  LinkWorkItemsTool,
  UnlinkWorkItemsTool,
  SaveDiscoveryRecordTool,
];

const toolsProvider: Provider = {
  provide: MCP_TOOLS,
  useFactory: (...tools: unknown[]) => tools,
  inject: TOOLS,
};

/** The hosted MCP endpoint (Streamable HTTP) under /mcp. Needs ObservabilityModule and MessagingModule. */
@Module({})
export class McpServerModule {
  static forRoot(options: McpOptions): DynamicModule {
    return {
      module: McpServerModule,
      controllers: [McpController, OAuthRegistrationController, KeyRevokedHandler, RateLimitSyncHandler],
      providers: [
        { provide: MCP_OPTIONS, useValue: options },
        ...edgeProviders(options),
        McpAuthenticator,
        McpServerFactory,
        ToolRunner,
        RecordReader,
        RecordSearch,
        RecordSearchService,
        WorkItemLinksReader,
        ArtifactReader,
        DiscoveryGraphBuilder,
        DiscoveryContextService,
        ...TOOLS,
        toolsProvider,
      ],
    };
  }
}
