import { INestApplication, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AuthContext, Role } from '@pds/contracts';
import { ObservabilityModule, createLogger } from '@pds/observability';
import { randomUUID } from 'node:crypto';
import { MessageBus } from './message-bus';
import { MessagingModule, startMessageHandlers } from './messaging.module';

/** For specs: a Nest app serving `module`'s message handlers on the in-process bus, and that bus. */
export async function startHandlerTestApp(module: Type<unknown>): Promise<{ app: INestApplication; bus: MessageBus }> {
  @Module({
    imports: [ObservabilityModule.forRoot(createLogger({ level: 'silent', name: 'test' })), MessagingModule.forRoot({ transport: 'in-process' }), module],
  })
  class Root {}
  const app = await NestFactory.create(Root, new FastifyAdapter(), { logger: false });
  await startMessageHandlers(app);
  await app.init();
  return { app, bus: app.get(MessageBus) };
}

/**
 * For a spec's `describe`: the handler test app of `module`, started before the suite's tests and
 * closed after them. `app` and `bus` are filled in once it started, so read them inside the tests.
 */
export function useHandlerTestApp(module: Type<unknown>): { app: INestApplication; bus: MessageBus } {
  const started = {} as { app: INestApplication; bus: MessageBus };
  beforeAll(async () => Object.assign(started, await startHandlerTestApp(module)));
  afterAll(() => started.app.close());
  return started;
}

/** A caller of a fresh organization with `role`, as an edge passes it in `auth`. */
export function testCaller(role: Role): AuthContext {
  return { organizationId: randomUUID(), userId: randomUUID(), role, keyId: randomUUID() };
}
