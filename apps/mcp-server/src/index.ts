export { McpServerModule } from './mcp-server.module';
export { McpSettings, mcpOptionsFrom } from './mcp.settings';
