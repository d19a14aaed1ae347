import { DynamicModule, Global, INestApplication, Module, Provider } from '@nestjs/common';
import { CustomStrategy } from '@nestjs/microservices';
import { LOGGER, Logger, Metrics, heldConnection } from '@pds/observability';
import type { NatsConnection } from 'nats';
import { EventConsumer, EventPublisher } from './event-stream';
import { InProcessBus } from './in-process.bus';
import { InProcessEventStream } from './in-process.events';
import { JetStreamEventConsumer, JetStreamEventPublisher } from './jetstream.events';
import { MessageBus } from './message-bus';
import { BusTransport } from './bus-transport';
import { NatsBus } from './nats.bus';
import { NatsOptions, connectNats, logRefusals } from './nats.connection';

export type MessagingOptions = { transport: 'nats'; nats: NatsOptions } | { transport: 'in-process' };

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/**
 * The one transport factory: every app gets its bus and event stream here, and the standalone run
 * swaps in the in-process transport here and nowhere else.
 */
function transportProviders(options: MessagingOptions): Provider[] {
  if (options.transport === 'in-process') {
    return [
      { provide: MessageBus, useFactory: (logger: Logger, metrics: Metrics) => new InProcessBus(logger, metrics), inject: [LOGGER, Metrics] },
      InProcessEventStream,
      { provide: EventPublisher, useExisting: InProcessEventStream },
      { provide: EventConsumer, useExisting: InProcessEventStream },
    ];
  }
  const { nats } = options;
  return [
    {
      provide: NATS_CONNECTION,
      useFactory: async (logger: Logger) => {
        const nc = await connectNats(nats);
        logRefusals(nc, logger);
        return nc;
      },
      inject: [LOGGER],
    },
    {
      provide: MessageBus,
      useFactory: (nc: NatsConnection, logger: Logger, metrics: Metrics) => new NatsBus(nc, nats, logger, metrics),
      inject: [NATS_CONNECTION, LOGGER, Metrics],
    },
    {
      provide: EventPublisher,
      useFactory: (nc: NatsConnection) => new JetStreamEventPublisher(nc, nats),
      inject: [NATS_CONNECTION],
    },
    {
      provide: EventConsumer,
      useFactory: (nc: NatsConnection, logger: Logger, metrics: Metrics) => new JetStreamEventConsumer(nc, nats, logger, metrics),
      inject: [NATS_CONNECTION, LOGGER, Metrics],
    },
  ];
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      providers: [...transportProviders(options), BusTransport, heldConnection('messaging', MessageBus)],
      exports: [MessageBus, EventPublisher, EventConsumer, BusTransport],
    };
  }
}

/**
 * Connects the app's `@MessagePattern`/`@EventPattern` handlers to the bus. Called before
 * `app.init()`/`listen()`: event consumers must be subscribed before the outbox relays start at
 * bootstrap, or standalone's in-process stream would count the first events delivered to nobody.
 */
export async function startMessageHandlers(app: INestApplication): Promise<void> {
  app.connectMicroservice<CustomStrategy>({ strategy: app.get(BusTransport) });
  await app.startAllMicroservices();
}
