export * from './api-key';
export * from './permissions';
export * from './roles';
