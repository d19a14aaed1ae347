export * from './distributed-app';
export * from './run-service';
export * from './v8-tuning';
