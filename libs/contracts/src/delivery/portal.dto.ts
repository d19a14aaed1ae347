import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsOptionalNonNull } from '../common/validation';
import { IntakeBasicsDto, IntakeStage, IntakeSummaryResponse } from './intake.dto';
import { Field, MutableRecordResponse, Timestamped } from '../common/schema';

/**
 * The portal takes input from anyone without a key: descriptions are capped far below the 900,000
 * characters an authenticated `POST /intake` accepts, and lists come in small pages.
 */
export const MAX_PORTAL_DESCRIPTION = 10_000;
export const MAX_PORTAL_PAGE_SIZE = 50;
export const DEFAULT_PORTAL_PAGE_SIZE = 20;
/** Portal lists show this much of a description; the single-record read has all of it. */
export const PORTAL_DESCRIPTION_PREVIEW = 280;

export const MAX_PORTAL_ORIGINS = 20;
/**
 * A browser origin as it arrives in the `Origin` header: `http(s)://host[:port]`, no path, no
 * credentials, no wildcard (case-insensitive here; stored lower-case, as browsers send it).
 */
export const ORIGIN_PATTERN = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Organization settings (ADMIN); `portalEnabled` opens the public intake portal at /public/portals/{slug}. */
export class UpdateOrganizationSettingsDto {
  @IsOptionalNonNull() @IsString() @Length(1, 200) name?: string;
  @IsOptionalNonNull() @IsBoolean() portalEnabled?: boolean;
  /** Web pages allowed to call the portal from a browser (CORS); replaces the list. */
  @IsOptionalNonNull()
  @IsArray()
  @ArrayMaxSize(MAX_PORTAL_ORIGINS)
  @IsString({ each: true })
  @MaxLength(253, { each: true })
  @Matches(ORIGIN_PATTERN, { each: true, message: 'each value in $property must be an origin like https://example.com or http://localhost:8080 (scheme, host, optional port; no path)' })
  portalAllowedOrigins?: string[];
}

@Timestamped()
export class OrganizationSettingsResponse extends MutableRecordResponse {
  @Field.string() name!: string;
  @Field.string() slug!: string;
  @Field.boolean() portalEnabled!: boolean;
  @Field.strings() portalAllowedOrigins!: string[];
}

/** A submission through the public portal: no API key, so the submitter names themself. */
export class PortalIntakeDto extends IntakeBasicsDto {
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
@Timestamped()
export class PublicIntakeResponse extends IntakeSummaryResponse {
  @Field.enum(IntakeStage) stage!: IntakeStage;
  @Field.integer() votes!: number;
  @Field.boolean() viaPortal!: boolean;
  @Field.timestamp({ nullable: true }) completedAt!: string | null;
}
