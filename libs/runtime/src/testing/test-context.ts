import { DynamicModule, INestApplication, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { hashApiKey } from '@pds/auth';
import { AuthContext, IdentitySubjects } from '@pds/contracts';
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

/** What creates an organization with its first ADMIN and that user's key (the gateway's OrganizationService). */
export interface OrganizationBootstrap {
  bootstrap(input: { name: string; adminEmail: string }): Promise<{ apiKey: string }>;
}

/**
 * A new organization `name` (admin `admin@<name>.io`) and its ADMIN as a service sees the caller:
 * the key resolved by the identity context, as an edge resolves it before it sends.
 */
export async function bootstrapAdmin(ctx: TestContext, organizations: OrganizationBootstrap, name: string): Promise<AuthContext> {
  const { apiKey } = await organizations.bootstrap({ name, adminEmail: `admin@${name}.io` });
  const auth = await ctx.bus.request(IdentitySubjects.verifyApiKey, { keyHash: hashApiKey(apiKey) });
  if (!auth) throw new Error(`the key of ${name}'s admin does not resolve`);
  return auth;
}
