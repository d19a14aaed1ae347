import { runService } from '@pds/runtime';
import { McpServerModule } from './mcp-server.module';

runService({ name: 'mcp-server', defaultPort: 3002, imports: [McpServerModule] });
