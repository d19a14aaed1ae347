import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { GatewayModule, GatewaySettings, ROUTE_BODY_LIMITS, enablePortalCors, gatewayOptionsFrom } from '@pds/api-gateway';
import { TrashConfig, loadConfig, resolveOperatorToken } from '@pds/config';
import { DeliveryIntakeModule } from '@pds/delivery-intake';
import { HealthController, MetricsController, buildInfo, createHttpApp, handleShutdownSignals, listen } from '@pds/http';
import { McpServerModule, McpSettings, mcpOptionsFrom } from '@pds/mcp-server';
import { MessagingModule, startMessageHandlers } from '@pds/messaging';
import { Metrics, ObservabilityModule, configureRequestContext, createLogger, startTracing } from '@pds/observability';
import { PGLITE_ANALYZE_SECONDS, PersistenceModule, STANDALONE_HOLDER, applyMigrations, lockDataDir, openPglite } from '@pds/persistence';
import { HOOK_BODY_LIMITS, RepoReceiverModule, RepoReceiverSettings, repoReceiverOptionsFrom } from '@pds/repo-receiver';
import { ensurePortFree, runMain } from '@pds/runtime';
import { resolveSecretKeyFile } from '@pds/secrets';
import { StrategyDiscoveryModule } from '@pds/strategy-discovery';
import { WebhookDispatcherModule, WebhookSettings, dispatcherOptionsFrom } from '@pds/webhook-dispatcher';
import path from 'node:path';
import v8 from 'node:v8';
import { StandaloneConfig } from './standalone.config';

/**
 * V8 grows the heap to up to 4× what survived the last full collection when collecting is cheap,
 * which under load took standalone's heap from ~60 MiB live to 200–300 MiB. 1.5× keeps it near
 * 130 MiB without a hard limit that a burst of large requests could hit (docs/benchmarks.md,
 * "Standalone memory"). Set here rather than on the command line: it applies however standalone is
 * launched, and V8 does not accept it in NODE_OPTIONS.
 */
function limitHeapGrowth(): void {
  v8.setFlagsFromString('--heap-growing-percent=50');
}

/**
 * Every app in one process on one port: embedded PGlite in DATA_DIR, the in-process bus in place of
 * NATS, the same modules, migrations and contracts as the distributed run.
 */
runMain(async () => {
  limitHeapGrowth();
  const config = loadConfig(StandaloneConfig);
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'standalone' });
  // Before the data directory is locked: Ctrl-C during start-up must still release it.
  handleShutdownSignals(logger);
  const metrics = new Metrics();
  const dataDir = path.resolve(config.DATA_DIR);
  // A taken port fails before the data directory is touched; a second process on it, right after.
  await ensurePortFree(config.PORT, config.HOST);
  lockDataDir(dataDir, STANDALONE_HOLDER);
  const operator = resolveOperatorToken(config.OPERATOR_TOKEN, dataDir);
  const gatewaySettings = loadConfig(GatewaySettings);
  const mcpSettings = loadConfig(McpSettings);
  const webhookSettings = loadConfig(WebhookSettings);
  const webhookKey = resolveSecretKeyFile(webhookSettings.WEBHOOK_SECRET_KEY, dataDir, 'webhook-secret-key');
  const repoSettings = loadConfig(RepoReceiverSettings);
  const repoKey = resolveSecretKeyFile(repoSettings.REPO_SECRET_KEY, dataDir, 'repo-secret-key');
  // Read by the trash's providers; loaded here first so that a bad value is one line, not a stack.
  loadConfig(TrashConfig);

  const tracing = await startTracing('standalone');
  const requestContext = configureRequestContext(config.REQUEST_CONTEXT, tracing);
  const db = await openPglite(path.join(dataDir, 'pglite'), { sharedBuffers: config.PGLITE_SHARED_BUFFERS, analyzeEverySeconds: PGLITE_ANALYZE_SECONDS });
  const applied = await applyMigrations(db);
  if (applied.length) logger.info({ migrations: applied.map((m) => `${m.context}/${m.name}`) }, 'applied migrations');

  @Module({
    imports: [
      ObservabilityModule.forRoot(logger, metrics),
      PersistenceModule.forRoot(db),
      MessagingModule.forRoot({ transport: 'in-process' }),
      GatewayModule.forRoot(gatewayOptionsFrom(gatewaySettings, operator.token)),
      StrategyDiscoveryModule,
      DeliveryIntakeModule,
      WebhookDispatcherModule.forRoot(dispatcherOptionsFrom(webhookSettings, webhookKey.key)),
      RepoReceiverModule.forRoot(repoReceiverOptionsFrom(repoSettings, config.PORT, repoKey.key)),
      // MCP shares the one port with everything else: its public origin defaults to the server's PUBLIC_URL.
      McpServerModule.forRoot(mcpOptionsFrom(mcpSettings, config.PORT, repoSettings.PUBLIC_URL)),
    ],
    controllers: [HealthController, MetricsController],
  })
  class StandaloneApp {}

  const app = await createHttpApp(StandaloneApp, { logger, metrics, trustProxy: config.TRUST_PROXY, routeBodyLimits: [...ROUTE_BODY_LIMITS, ...HOOK_BODY_LIMITS] });
  enablePortalCors(app);
  await startMessageHandlers(app);
  const url = await listen(app, config.PORT, config.HOST);
  const { version, commit } = buildInfo();
  logger.info({ url, dataDir, mode: 'standalone', version, commit, tracing, requestContext }, `standalone ${version} listening on ${url}`);
  process.stderr.write(
    [
      '',
      `Product Delivery Service (standalone) on ${url}${['0.0.0.0', '::'].includes(config.HOST) ? ' (every network interface; HOST=127.0.0.1 keeps it to this machine)' : ''}`,
      `  REST API        ${url}/api/v1`,
      `  operator API    ${url}/operator`,
      `  MCP endpoint    ${url}/mcp`,
      `  metrics         ${url}/metrics${tracing ? ' (traces exported: OTEL_* settings)' : ''}`,
      `  data            ${dataDir}`,
      operator.file
        ? `  operator token  ${operator.file}${operator.generated ? ' (generated now)' : ''}`
        : '  operator token  from OPERATOR_TOKEN',
      webhookKey.file ? `  webhook key     ${webhookKey.file}` : '  webhook key     from WEBHOOK_SECRET_KEY',
      repoKey.file ? `  repository key  ${repoKey.file}` : '  repository key  from REPO_SECRET_KEY',
      '',
    ].join('\n') + '\n',
  );
});
