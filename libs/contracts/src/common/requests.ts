import { Type } from 'class-transformer';
import { IsIn, IsObject, IsOptional, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import type { AuthContext } from './auth-context';
import { Role, enumValues } from './enums';

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

/** A record named by the path: its uuid or human key. */
export class IdRequest extends AuthedRequest {
  @IsString()
  @MaxLength(200)
  id!: string;
}

export function BodyRequest<B extends object>(dto: Constructor<B>) {
  class BodyRequestOf extends AuthedRequest {
    @IsObject()
    @ValidateNested()
    @Type(() => dto)
    body!: B;
  }
  return BodyRequestOf;
}

export function IdBodyRequest<B extends object>(dto: Constructor<B>) {
  class IdBodyRequestOf extends IdRequest {
    @IsObject()
    @ValidateNested()
    @Type(() => dto)
    body!: B;
  }
  return IdBodyRequestOf;
}

export function QueryRequest<Q extends object>(dto: Constructor<Q>) {
  class QueryRequestOf extends AuthedRequest {
    @IsObject()
    @ValidateNested()
    @Type(() => dto)
    query!: Q;
  }
  return QueryRequestOf;
}

export function IdQueryRequest<Q extends object>(dto: Constructor<Q>) {
  class IdQueryRequestOf extends IdRequest {
    @IsObject()
    @ValidateNested()
    @Type(() => dto)
    query!: Q;
  }
  return IdQueryRequestOf;
}

/** For a path whose body may be left out (conclude): absent passes, present is validated. */
export function IdOptionalBodyRequest<B extends object>(dto: Constructor<B>) {
  class IdOptionalBodyRequestOf extends IdRequest {
    @IsOptional()
    @IsObject()
    @ValidateNested()
    @Type(() => dto)
    body?: B;
  }
  return IdOptionalBodyRequestOf;
}
