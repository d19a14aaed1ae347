export * from './tenant-scope';
export * from './counted-statements';
