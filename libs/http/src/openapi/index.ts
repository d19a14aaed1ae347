export * from './decorators';
export * from './docs.controller';
export * from './document';
export * from './operation-doc';
export { addProse, proseProblems } from './prose';
