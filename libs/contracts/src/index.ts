// class-transformer's decorators read design-time types while the DTO classes load.
import 'reflect-metadata';

export * from './common/auth-context';
export * from './common/decorators';
export * from './common/enums';
export * from './common/errors';
export * from './common/events';
export * from './common/identifiers';
export * from './common/pagination';
export * from './common/record-kinds';
export * from './common/references';
export * from './common/requests';
export * from './common/schema';
export * from './common/subject';
export { EncodedJson, type JsonText } from './common/json-text';
export * from './common/validation';
export * from './identity/identity.dto';
export * from './identity/identity.subjects';
export * from './work-items/work-item.dto';
export * from './work-items/work-item.subjects';
export * from './strategy';
export * from './delivery';
export * from './webhooks';
export * from './repos';
export * from './gathered.subjects';
export * from './app-messaging';
export * from './audit';
