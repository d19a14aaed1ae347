import { ApiSchema } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { Role } from '../common/enums';
import { Field, REPLAYED_WITHOUT_SECRET, RecordResponse, Timestamped } from '../common/schema';
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

/** PATCH /users/{id}: the same limits as POST /users; the email is the user's identity and stays. */
export class UpdateUserDto {
  @IsOptionalNonNull()
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name?: string;

  @IsOptionalNonNull()
  @IsIn(Object.values(Role))
  role?: Role;
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

@ApiSchema({ description: 'An organization (a tenant): everything else belongs to one.' })
@Timestamped()
export class OrganizationResponse extends RecordResponse {
  @Field.string() name!: string;
  @Field.string() slug!: string;
}

@ApiSchema({ description: 'A person of the organization, with one role.' })
@Timestamped()
export class UserResponse extends RecordResponse {
  @Field.string() email!: string;
  @Field.string() name!: string;
  @Field.enum(Role) role!: Role;
  /** False once deactivated: the user's keys are revoked, their name stays on what they made. */
  @Field.boolean({ description: "False once deactivated: the user's keys are revoked, their name stays on what they made" }) active!: boolean;
  @Field.timestamp({ nullable: true }) deactivatedAt!: string | null;
}

export class ApiKeyResponse {
  @Field.uuid() id!: string;
  @Field.string() name!: string;
  @Field.uuid() userId!: string;
  @Field.enum(Role) role!: Role;
  /** First characters of the key, enough to recognise it; never the key itself. */
  @Field.string({ description: 'First characters of the key, enough to recognise it; never the key itself' }) prefix!: string;
  @Field.timestamp() createdAt!: string;
  @Field.timestamp({ nullable: true }) lastUsedAt!: string | null;
  @Field.timestamp({ nullable: true }) revokedAt!: string | null;
}

/** Returned once, by the creation call; the only time the key is ever shown. */
export class CreatedApiKeyResponse extends ApiKeyResponse {
  @Field.string({ optional: true, description: REPLAYED_WITHOUT_SECRET }) apiKey!: string;
}

export class BootstrapOrganizationResponse {
  @Field.object(() => OrganizationResponse) organization!: OrganizationResponse;
  @Field.object(() => UserResponse) user!: UserResponse;
  @Field.string({ optional: true, description: REPLAYED_WITHOUT_SECRET }) apiKey!: string;
}

@ApiSchema({ description: 'The API key making the request, without its secret.' })
export class MeApiKey {
  @Field.uuid() id!: string;
  @Field.string() name!: string;
  @Field.string() prefix!: string;
}

/** GET /me and the MCP `whoami` tool: who the key acts as. */
export class MeResponse {
  @Field.object(() => UserResponse) user!: UserResponse;
  /** The role the key acts with (never above the user's). */
  @Field.enum(Role, { description: "The role the key acts with (never above the user's)" }) role!: Role;
  @Field.object(() => OrganizationResponse) organization!: OrganizationResponse;
  @Field.object(() => MeApiKey) apiKey!: MeApiKey;
}
