export { StrategyDiscoveryModule } from './strategy-discovery.module';
