import { runService } from '@pds/runtime';
import { StrategyDiscoveryModule } from './strategy-discovery.module';

runService({ name: 'strategy-discovery', defaultPort: 3010, parts: () => ({ imports: [StrategyDiscoveryModule] }) });
