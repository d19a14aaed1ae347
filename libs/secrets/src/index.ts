export * from './database-key';
export * from './key-file';
export * from './secret-box';
export * from './secret-rotation';
