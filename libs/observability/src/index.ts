export * from './health';
export * from './logger';
export * from './metrics';
export * from './nest-logger';
export * from './observability.module';
export * from './request-context';
export * from './tracing';
