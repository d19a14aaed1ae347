import { DynamicModule, Global, Module, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { HealthRegistry } from './health';
import { LOGGER } from './logger';
import { Metrics } from './metrics';
import { stopTracing } from './tracing';

@Global()
@Module({})
export class ObservabilityModule implements OnApplicationShutdown {
  /** `metrics` is the process's registry: the HTTP app's hooks observe into the same one. */
  static forRoot(logger: Logger, metrics: Metrics = new Metrics({ processMetrics: false })): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [{ provide: LOGGER, useValue: logger }, { provide: Metrics, useValue: metrics }, HealthRegistry],
      exports: [LOGGER, Metrics, HealthRegistry],
    };
  }

  /** Spans still buffered leave before the process does. */
  async onApplicationShutdown(): Promise<void> {
    await stopTracing();
  }
}
