import { loadConfig } from '@pds/config';
import { runService } from '@pds/runtime';
import { McpServerModule } from './mcp-server.module';
import { McpSettings, mcpOptionsFrom } from './mcp.settings';

runService({
  name: 'mcp-server',
  defaultPort: 3002,
  parts: (config) => ({ imports: [McpServerModule.forRoot(mcpOptionsFrom(loadConfig(McpSettings), config.PORT))] }),
});
