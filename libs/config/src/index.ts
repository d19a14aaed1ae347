export * from './common.config';
export * from './load-config';
export * from './boolean-flag';
export * from './operator-token';
export * from './trust-proxy';
export * from './trash.config';
export * from './retention.config';
