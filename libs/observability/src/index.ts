export * from './health';
export * from './logger';
export * from './nest-logger';
export * from './observability.module';
