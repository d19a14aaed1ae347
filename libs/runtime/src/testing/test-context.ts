import { DynamicModule, INestApplicationContext, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessageBus, MessagingModule } from '@pds/messaging';
import { ObservabilityModule, createLogger } from '@pds/observability';
import { DATABASE, Database, PersistenceModule, applyMigrations, openPglite } from '@pds/persistence';

export interface TestContext {
  app: INestApplicationContext;
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

  const app = await NestFactory.createApplicationContext(TestRoot, { logger: false });
  await app.init();
  return {
    app,
    db: app.get<Database>(DATABASE),
    bus: app.get(MessageBus),
    close: () => app.close(),
  };
}
