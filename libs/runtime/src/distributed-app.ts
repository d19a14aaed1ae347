import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { AppConfig, ConfigError, StartupError } from '@pds/config';
import net from 'node:net';
import { HealthController, MetricsController, RouteBodyLimit, buildInfo, createHttpApp, handleShutdownSignals, listen } from '@pds/http';
import { MessagingModule, startMessageHandlers } from '@pds/messaging';
import { Metrics, ObservabilityModule, configureRequestContext, createLogger, startTracing } from '@pds/observability';
import { PersistenceModule, connectPostgres } from '@pds/persistence';
import { applyDistributedV8Flags } from './v8-tuning';

export interface DistributedAppOptions {
  /** Process name in logs, NATS and PostgreSQL connection lists. */
  name: string;
  config: AppConfig;
  port: number;
  host: string;
  /** The app's own modules; infrastructure (logging, database, NATS) is added here. */
  imports: (Type<unknown> | DynamicModule)[];
  routeBodyLimits?: readonly RouteBodyLimit[];
  /** App-level setup that needs the app's providers, before it listens (e.g. the portal's CORS). */
  configure?: (app: INestApplication) => void;
}

/**
 * Boots one app of the distributed run: PostgreSQL through `DATABASE_URL`, NATS through `NATS_URL`,
 * `/health` and `/ready` on its HTTP port (services without a public API listen only for those).
 */
export async function runDistributedApp(options: DistributedAppOptions): Promise<void> {
  applyDistributedV8Flags();
  const { config, name } = options;
  await ensurePortFree(options.port, options.host);
  const logger = createLogger({ level: config.LOG_LEVEL, name });
  handleShutdownSignals(logger);
  const tracing = await startTracing(name);
  const requestContext = configureRequestContext(config.REQUEST_CONTEXT, tracing);
  const metrics = new Metrics();
  const db = connectPostgres({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, idleTimeoutMs: config.DATABASE_POOL_IDLE_MS, applicationName: name });

  @Module({
    imports: [
      ObservabilityModule.forRoot(logger, metrics),
      PersistenceModule.forRoot(db),
      MessagingModule.forRoot({
        transport: 'nats',
        nats: {
          url: config.NATS_URL,
          subjectPrefix: config.NATS_SUBJECT_PREFIX,
          requestTimeoutMs: config.NATS_REQUEST_TIMEOUT_MS,
          name,
          user: config.NATS_USER,
          password: config.NATS_PASSWORD,
        },
      }),
      ...options.imports,
    ],
    controllers: [HealthController, MetricsController],
  })
  class DistributedApp {}

  const app = await createHttpApp(DistributedApp, {
    logger,
    metrics,
    routeBodyLimits: options.routeBodyLimits,
    trustProxy: config.TRUST_PROXY,
  });
  options.configure?.(app);
  await startMessageHandlers(app);
  const url = await listen(app, options.port, options.host);
  const { version, commit } = buildInfo();
  logger.info({ url, mode: 'distributed', version, commit, tracing, requestContext }, `${name} ${version} (distributed) listening on ${url}`);
}

/** Entry-point wrapper: a failed boot prints why and exits non-zero instead of hanging. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    // A bad setting or a taken port is explained in one line; anything else with its stack.
    const expected = error instanceof ConfigError || error instanceof StartupError;
    process.stderr.write(`${error instanceof Error ? (expected ? error.message : (error.stack ?? error.message)) : String(error)}\n`);
    process.exit(1);
  });
}

/** Fails with one clear line when the port is taken, before anything else is opened. */
export function ensurePortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new StartupError(`PORT ${port} on ${host} is already in use; stop the other process or set PORT`) : error),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
