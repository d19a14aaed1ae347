import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, MaxLength, Min } from 'class-validator';
import { defineEnum, enumValues } from '../common/enums';
import { IsNullable, IsOptionalNonNull } from '../common/validation';
import { IntakeBasicsDto, IntakeKind, IntakeStage, IntakeSummaryResponse } from './intake.dto';
import { Field, MutableRecordResponse, RecordResponse, Timestamped } from '../common/schema';

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

/** Bounds of `autoArchiveDays`: a day to ten years. */
export const MIN_AUTO_ARCHIVE_DAYS = 1;
export const MAX_AUTO_ARCHIVE_DAYS = 3650;
/**
 * A browser origin as it arrives in the `Origin` header: `http(s)://host[:port]`, no path, no
 * credentials, no wildcard (case-insensitive here; stored lower-case, as browsers send it).
 */
/** An accent colour for the portal pages: `#rrggbb` (stored lower-case). */
export const ACCENT_COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

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

  /** The portal pages' accent colour, `#rrggbb`; null restores the default. */
  @IsNullable()
  @IsString()
  @Matches(ACCENT_COLOR_PATTERN, { message: '$property must be a colour like #1a73e8 (# and six hex digits)' })
  portalAccentColor?: string | null;

  /** Archive work items DONE or CANCELLED (and unchanged) for this many days; null turns it off. */
  @IsNullable()
  @IsInt()
  @Min(MIN_AUTO_ARCHIVE_DAYS)
  @Max(MAX_AUTO_ARCHIVE_DAYS)
  autoArchiveDays?: number | null;
}

@Timestamped()
export class OrganizationSettingsResponse extends MutableRecordResponse {
  @Field.string() name!: string;
  @Field.string() slug!: string;
  @Field.boolean() portalEnabled!: boolean;
  @Field.strings() portalAllowedOrigins!: string[];
  @Field.string({ nullable: true }) portalAccentColor!: string | null;
  @Field.integer({ nullable: true, description: 'Work items DONE or CANCELLED and unchanged for this many days are archived; null: never' })
  autoArchiveDays!: number | null;
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

/** The orders of the portal's list: most votes first (ties: newest first), or newest first. */
export const PortalSort = defineEnum(['votes', 'newest']);
export type PortalSort = (typeof PortalSort)[keyof typeof PortalSort];

/** `limit` and `cursor` of the portal's lists: at most 50 per page. */
export class PortalPageQuery {
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

/** The portal's list of submissions: a page, its order, filters and text search. */
export class PortalListQuery extends PortalPageQuery {
  /** `votes` or `newest`; without it, key order (INT-1 first). A cursor belongs to the order it was issued for. */
  @IsOptionalNonNull() @IsIn(enumValues(PortalSort)) sort?: PortalSort;
  @IsOptionalNonNull() @IsIn(enumValues(IntakeKind)) kind?: IntakeKind;
  @IsOptionalNonNull() @IsIn(enumValues(IntakeStage)) stage?: IntakeStage;

  /** Case-insensitive match on the title or the description (the service's search, as `q` of the work-item list). */
  @IsOptionalNonNull()
  @IsString()
  @Length(1, 200)
  q?: string;
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

/** What the public sees of a published changelog entry: its text and when it was published. */
@Timestamped()
export class PublicChangelogEntryResponse extends RecordResponse {
  @Field.string() title!: string;
  /** Markdown, as written; pages show it as plain text with links. */
  @Field.string() body!: string;
  @Field.timestamp() publishedAt!: string;
}
