export * from './api-key-cache';
export * from './lookup-cache';
export * from './api-key-header';
export * from './edge.options';
export * from './rate-limit';
export * from './rate-limiter';
export * from './rate-limit.handler';
export * from './auth-failures';
