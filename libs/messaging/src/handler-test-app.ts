import { INestApplication, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ObservabilityModule, createLogger } from '@pds/observability';
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
