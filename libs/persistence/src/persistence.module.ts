import { DynamicModule, Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HealthRegistry } from '@pds/observability';
import { DATABASE, Database } from './database';

/** Provides the process's Database (opened and migrated before Nest starts) to every context. */
@Global()
@Module({})
export class PersistenceModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(HealthRegistry) private readonly health: HealthRegistry,
  ) {}

  static forRoot(db: Database): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [{ provide: DATABASE, useValue: db }],
      exports: [DATABASE],
    };
  }

  onModuleInit(): void {
    this.health.register('database', () => this.db.ping());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.db.close().catch(() => undefined);
  }
}
