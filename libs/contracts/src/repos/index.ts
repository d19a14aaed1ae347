export * from './repo.enums';
export * from './repo.dto';
export * from './repo.responses';
export * from './repo.subjects';
