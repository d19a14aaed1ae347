import { IsBoolean, IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import { IsOptionalNonNull } from '../common/validation';
import { IntakeKind, IntakeStage, MAX_INTAKE_DESCRIPTION } from './intake.dto';

/** Organization settings (ADMIN); `portalEnabled` opens the public intake portal at /public/portals/{slug}. */
export class UpdateOrganizationSettingsDto {
  @IsOptionalNonNull() @IsString() @Length(1, 200) name?: string;
  @IsOptionalNonNull() @IsBoolean() portalEnabled?: boolean;
}

export interface OrganizationSettingsResponse {
  id: string;
  name: string;
  slug: string;
  portalEnabled: boolean;
  createdAt: string;
  updatedAt: string;
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
  @MaxLength(MAX_INTAKE_DESCRIPTION)
  description?: string;

  @IsString()
  @Length(1, 200)
  submitterName: string;

  @IsEmail()
  @MaxLength(320)
  submitterEmail: string;
}

export class PortalVoteDto {
  @IsEmail()
  @MaxLength(320)
  email: string;
}

/** What the public sees of a submission: no contact data, no internal ids. */
export interface PublicIntakeResponse {
  id: string;
  key: string;
  kind: IntakeKind;
  title: string;
  description: string | null;
  stage: IntakeStage;
  votes: number;
  viaPortal: boolean;
  completedAt: string | null;
  createdAt: string;
}
