export { McpServerModule } from './mcp-server.module';
