import { DynamicModule, Global, Inject, Module, OnModuleInit } from '@nestjs/common';
import { Metrics, heldConnection } from '@pds/observability';
import { DATABASE, Database } from './database';

/** Provides the process's Database (opened and migrated before Nest starts) to every context. */
@Global()
@Module({})
export class PersistenceModule implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  static forRoot(db: Database): DynamicModule {
    return {
      module: PersistenceModule,
      providers: [{ provide: DATABASE, useValue: db }, heldConnection('database', DATABASE)],
      exports: [DATABASE],
    };
  }

  onModuleInit(): void {
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
}
