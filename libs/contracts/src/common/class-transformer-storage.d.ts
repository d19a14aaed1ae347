// class-transformer's metadata singleton has types but no typed entry point of its own.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
