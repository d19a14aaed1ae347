export * from './contexts';
export * from './database';
export * from './migrator';
export * from './pglite.database';
export * from './postgres.database';
export * from './persistence.module';
export * from './key-sequence';
export * from './keyset';
