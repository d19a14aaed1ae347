export * from './api-error.filter';
export * from './contract-validation.pipe';
export * from './error-response';
export * from './health.controller';
export * from './http-app';
export * from './metrics.controller';
export * from './page.interceptor';
export { REPEATED_SIGNAL_MS, SHUTDOWN_GRACE_MS, handleShutdownSignals } from './shutdown';
export * from './openapi';
