export * from './distributed-app';
export * from './run-service';
