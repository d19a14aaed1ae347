import { IsString, Length, Matches } from 'class-validator';

/** Labels: name unique per organization, color `#rrggbb`. */
export class CreateLabelDto {
  @IsString()
  @Length(1, 50)
  name: string;

  @IsString()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color must be a hex color of the form #rrggbb' })
  color: string;
}

export interface LabelResponse {
  id: string;
  name: string;
  color: string;
  createdAt: string;
}

/** Teams own sprints; name unique per organization. */
export class CreateTeamDto {
  @IsString()
  @Length(1, 100)
  name: string;
}

export interface TeamResponse {
  id: string;
  name: string;
  createdAt: string;
}
