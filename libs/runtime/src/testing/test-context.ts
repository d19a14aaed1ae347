import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { MessageBus, MessagingModule, startMessageHandlers } from '@pds/messaging';
import { ObservabilityModule, createLogger } from '@pds/observability';
import { DATABASE, Database, PersistenceModule, applyMigrations, openPglite } from '@pds/persistence';

export interface TestContext {
  app: INestApplication;
  db: Database;
  bus: MessageBus;
  close(): Promise<void>;
}

/**
 * Service-level tests run the real modules against real PostgreSQL (PGlite in memory, migrated)
 * and the in-process bus: nothing is mocked, and each test context has its own database.
 */
export async function createTestContext(imports: (Type<unknown> | DynamicModule)[]): Promise<TestContext> {
  const db = await openPglite();
  await applyMigrations(db);

  @Module({
    imports: [
      ObservabilityModule.forRoot(createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent', name: 'test' })),
      PersistenceModule.forRoot(db),
      MessagingModule.forRoot({ transport: 'in-process' }),
      ...imports,
    ],
  })
  class TestRoot {}

  // An HTTP app that never listens: the message handlers are Nest controllers on the bus transport.
  const app = await NestFactory.create(TestRoot, new FastifyAdapter(), { logger: false });
  await startMessageHandlers(app);
  await app.init();
  return {
    app,
    db: app.get<Database>(DATABASE),
    bus: app.get(MessageBus),
    close: () => app.close(),
  };
}
