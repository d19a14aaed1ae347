import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { HealthRegistry } from './health';
import { LOGGER } from './logger';

@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [{ provide: LOGGER, useValue: logger }, HealthRegistry],
      exports: [LOGGER, HealthRegistry],
    };
  }
}
