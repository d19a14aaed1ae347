export * from './test-context';
