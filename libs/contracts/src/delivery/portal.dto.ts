import { Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { IsOptionalNonNull } from '../common/validation';
import { IntakeKind, IntakeStage } from './intake.dto';
import { Field } from '../common/schema';

/**
 * The portal takes input from anyone without a key: descriptions are capped far below the 900,000
 * characters an authenticated `POST /intake` accepts, and lists come in small pages.
 */
export const MAX_PORTAL_DESCRIPTION = 10_000;
export const MAX_PORTAL_PAGE_SIZE = 50;
export const DEFAULT_PORTAL_PAGE_SIZE = 20;
/** Portal lists show this much of a description; the single-record read has all of it. */
export const PORTAL_DESCRIPTION_PREVIEW = 280;

/** Organization settings (ADMIN); `portalEnabled` opens the public intake portal at /public/portals/{slug}. */
export class UpdateOrganizationSettingsDto {
  @IsOptionalNonNull() @IsString() @Length(1, 200) name?: string;
  @IsOptionalNonNull() @IsBoolean() portalEnabled?: boolean;
}

export class OrganizationSettingsResponse {
  @Field.uuid() id!: string;
  @Field.string() name!: string;
  @Field.string() slug!: string;
  @Field.boolean() portalEnabled!: boolean;
  @Field.timestamp() createdAt!: string;
  @Field.timestamp() updatedAt!: string;
}

/** A submission through the public portal: no API key, so the submitter names themself. */
export class PortalIntakeDto {
  @IsIn(Object.values(IntakeKind))
  kind: IntakeKind;

  @IsString()
  @Length(3, 200)
  title: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(MAX_PORTAL_DESCRIPTION)
  description?: string;

  @IsString()
  @Length(1, 200)
  submitterName: string;

  @IsEmail()
  @MaxLength(320)
  submitterEmail: string;
}

/** `limit` and `cursor` of the portal's list: at most 50 per page. */
export class PortalListQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_PORTAL_PAGE_SIZE)
  limit?: number;

  @IsOptional()
  @IsString()
  @MaxLength(512)
  cursor?: string;
}

export class PortalVoteDto {
  @IsEmail()
  @MaxLength(320)
  email: string;
}

/** What the public sees of a submission: no contact data, no internal ids. */
export class PublicIntakeResponse {
  @Field.uuid() id!: string;
  @Field.string() key!: string;
  @Field.enum(IntakeKind) kind!: IntakeKind;
  @Field.string() title!: string;
  @Field.string({ nullable: true }) description!: string | null;
  @Field.enum(IntakeStage) stage!: IntakeStage;
  @Field.integer() votes!: number;
  @Field.boolean() viaPortal!: boolean;
  @Field.timestamp({ nullable: true }) completedAt!: string | null;
  @Field.timestamp() createdAt!: string;
}
