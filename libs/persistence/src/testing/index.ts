export * from './tenant-scope';
