import { DynamicModule, Module, Type } from '@nestjs/common';
import { AppConfig } from '@pds/config';
import { HealthController, RouteBodyLimit, createHttpApp, listen } from '@pds/http';
import { MessagingModule, startMessageHandlers } from '@pds/messaging';
import { ObservabilityModule, createLogger } from '@pds/observability';
import { PersistenceModule, connectPostgres } from '@pds/persistence';

export interface DistributedAppOptions {
  /** Process name in logs, NATS and PostgreSQL connection lists. */
  name: string;
  config: AppConfig;
  port: number;
  host: string;
  /** The app's own modules; infrastructure (logging, database, NATS) is added here. */
  imports: (Type<unknown> | DynamicModule)[];
  routeBodyLimits?: readonly RouteBodyLimit[];
  trustProxy?: false | number | string[];
}

/**
 * Boots one app of the distributed run: PostgreSQL through `DATABASE_URL`, NATS through `NATS_URL`,
 * `/health` and `/ready` on its HTTP port (services without a public API listen only for those).
 */
export async function runDistributedApp(options: DistributedAppOptions): Promise<void> {
  const { config, name } = options;
  const logger = createLogger({ level: config.LOG_LEVEL, name });
  const db = connectPostgres({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, applicationName: name });

  @Module({
    imports: [
      ObservabilityModule.forRoot(logger),
      PersistenceModule.forRoot(db),
      MessagingModule.forRoot({
        transport: 'nats',
        nats: {
          url: config.NATS_URL,
          subjectPrefix: config.NATS_SUBJECT_PREFIX,
          requestTimeoutMs: config.NATS_REQUEST_TIMEOUT_MS,
          name,
        },
      }),
      ...options.imports,
    ],
    controllers: [HealthController],
  })
  class DistributedApp {}

  const app = await createHttpApp(DistributedApp, {
    logger,
    routeBodyLimits: options.routeBodyLimits,
    trustProxy: options.trustProxy,
  });
  await startMessageHandlers(app);
  const url = await listen(app, options.port, options.host);
  logger.info({ url }, `${name} listening on ${url}`);
}

/** Entry-point wrapper: a failed boot prints why and exits non-zero instead of hanging. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
