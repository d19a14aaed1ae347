import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { Role } from '../common/enums';
import { IsOptionalNonNull } from '../common/validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const lowerTrim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export class CreateOrganizationDto {
  @Transform(trim)
  @IsString()
  @Length(2, 200)
  name: string;

  @Transform(lowerTrim)
  @IsEmail()
  @MaxLength(320)
  adminEmail: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  adminName?: string;
}

export class CreateUserDto {
  @Transform(lowerTrim)
  @IsEmail()
  @MaxLength(320)
  email: string;

  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name: string;

  @IsIn(Object.values(Role))
  role: Role;
}

export class CreateApiKeyDto {
  @Transform(trim)
  @IsString()
  @Length(1, 100)
  name: string;

  @IsOptionalNonNull()
  @IsUUID()
  userId?: string;

  @IsOptionalNonNull()
  @IsIn(Object.values(Role))
  role?: Role;
}

/** POST /me/api-keys: a key of the caller, for an agent; its role never above the calling key's. */
export class CreatePersonalApiKeyDto {
  @Transform(trim)
  @IsString()
  @Length(1, 100)
  name: string;

  @IsOptionalNonNull()
  @IsIn(Object.values(Role))
  role?: Role;
}

export interface OrganizationResponse {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
}

export interface UserResponse {
  id: string;
  email: string;
  name: string;
  role: Role;
  createdAt: string;
}

export interface ApiKeyResponse {
  id: string;
  name: string;
  userId: string;
  role: Role;
  /** First characters of the key, enough to recognise it; never the key itself. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Returned once, by the creation call; the only time the key is ever shown. */
export interface CreatedApiKeyResponse extends ApiKeyResponse {
  apiKey: string;
}

export interface BootstrapOrganizationResponse {
  organization: OrganizationResponse;
  user: UserResponse;
  apiKey: string;
}

/** GET /me and the MCP `whoami` tool: who the key acts as. */
export interface MeResponse {
  user: UserResponse;
  /** The role the key acts with (never above the user's). */
  role: Role;
  organization: OrganizationResponse;
  apiKey: { id: string; name: string; prefix: string };
}
