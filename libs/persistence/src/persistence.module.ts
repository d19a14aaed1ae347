import { DynamicModule, Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { HealthRegistry, Metrics } from '@pds/observability';
import { DATABASE, Database } from './database';

/** Provides the process's Database (opened and migrated before Nest starts) to every context. */
@Global()
@Module({})
export class PersistenceModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(HealthRegistry) private readonly health: HealthRegistry,
    @Inject(Metrics) private readonly metrics: Metrics,
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
    const stats = this.db.poolStats?.bind(this.db);
    if (stats) {
      this.metrics.databasePool.add(() => {
        const { inUse, idle, waiting } = stats();
        return [
          [{ state: 'in_use' }, inUse],
          [{ state: 'idle' }, idle],
          [{ state: 'waiting' }, waiting],
        ];
      });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.db.close().catch(() => undefined);
  }
}
