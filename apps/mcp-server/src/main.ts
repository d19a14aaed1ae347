import 'reflect-metadata';
import { AppConfig, loadConfig } from '@pds/config';
import { runDistributedApp, runMain } from '@pds/runtime';
import { McpServerModule } from './mcp-server.module';
import { McpSettings, mcpOptionsFrom } from './mcp.settings';

runMain(async () => {
  const config = loadConfig(AppConfig, process.env, { PORT: 3002 });
  const settings = loadConfig(McpSettings);
  await runDistributedApp({
    name: 'mcp-server',
    config,
    port: config.PORT,
    host: config.HOST,
    imports: [McpServerModule.forRoot(mcpOptionsFrom(settings))],
  });
});
