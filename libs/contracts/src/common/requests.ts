import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import type { AuthContext } from './auth-context';
import { AuditVia, Role, enumValues } from './enums';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- class-transformer's own constructor type
type Constructor<T> = new (...args: any[]) => T;

/** The caller as the edge resolved it; a service trusts nothing else about who is asking. */
export class AuthContextDto implements AuthContext {
  @IsUUID()
  organizationId!: string;

  @IsUUID()
  userId!: string;

  @IsIn(enumValues(Role))
  role!: Role;

  @IsString()
  @MaxLength(64)
  keyId!: string;

  @IsOptional()
  @IsIn(enumValues(AuditVia))
  via?: AuditVia;
}

/**
 * The envelopes of the request/reply subjects. Services validate what they receive with these (the
 * nested DTO is the same class the gateway validated the HTTP input with), so a malformed message
 * from any caller gets a 400 from the service itself rather than reaching a query.
 */
export class AuthedRequest {
  @IsObject()
  @ValidateNested()
  @Type(() => AuthContextDto)
  auth!: AuthContext;
}

/**
 * A record named by the path (`{id}`, `{commentId}`, …): its uuid or human key, as `parseRecordRef`
 * reads it. Any length up to 200 passes here; what names no record is the service's 404.
 */
export const IsRecordRef = (): PropertyDecorator => applyDecorators(IsString(), MaxLength(200));

/**
 * A record named by its uuid alone, of whichever kind the answering context owns: each context that
 * owns records answers `GatheredSubjects.locateRecord` with `{kind, record}`, or null.
 */
export class LocateRecordRequest extends AuthedRequest {
  @IsUUID()
  id!: string;
}

/** A record of one kind, with the kind (narrowing on `kind` narrows `record`). */
export interface Located<K extends string, R> {
  kind: K;
  record: R;
}

/** A record named by the path: its uuid or human key. */
export class IdRequest extends AuthedRequest {
  @IsRecordRef()
  id!: string;
}

/**
 * `Base` plus one nested, validated DTO under `key` (`body` or `query`): the request classes keep
 * their field names and decorators in one place instead of one hand-written class per shape.
 */
function withNested<Base extends Constructor<object>, K extends string, T extends object>(
  base: Base,
  key: K,
  dto: Constructor<T>,
  optional = false,
): Constructor<InstanceType<Base> & Record<K, T>> {
  class WithNested extends base {}
  const decorators = [IsObject(), ValidateNested(), Type(() => dto)];
  for (const decorate of optional ? [IsOptional(), ...decorators] : decorators) decorate(WithNested.prototype, key);
  return WithNested as unknown as Constructor<InstanceType<Base> & Record<K, T>>;
}

export const BodyRequest = <B extends object>(dto: Constructor<B>) => withNested(AuthedRequest, 'body', dto);
export const IdBodyRequest = <B extends object>(dto: Constructor<B>) => withNested(IdRequest, 'body', dto);
export const QueryRequest = <Q extends object>(dto: Constructor<Q>) => withNested(AuthedRequest, 'query', dto);
export const IdQueryRequest = <Q extends object>(dto: Constructor<Q>) => withNested(IdRequest, 'query', dto);
/** For a path whose body may be left out (conclude): absent passes, present is validated. */
export const IdOptionalBodyRequest = <B extends object>(dto: Constructor<B>) =>
  withNested(IdRequest, 'body', dto, true) as Constructor<IdRequest & { body?: B }>;
