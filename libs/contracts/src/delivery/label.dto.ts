import { IsString, Length, Matches } from 'class-validator';
import { Field, RecordResponse, Timestamped } from '../common/schema';

/** Labels: name unique per organization, color `#rrggbb`. */
export class CreateLabelDto {
  @IsString()
  @Length(1, 50)
  name: string;

  @IsString()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color must be a hex color of the form #rrggbb' })
  color: string;
}

@Timestamped()
export class LabelResponse extends RecordResponse {
  @Field.string() name!: string;
  @Field.string() color!: string;
}

/** Teams own sprints; name unique per organization. */
export class CreateTeamDto {
  @IsString()
  @Length(1, 100)
  name: string;
}

@Timestamped()
export class TeamResponse extends RecordResponse {
  @Field.string() name!: string;
}
