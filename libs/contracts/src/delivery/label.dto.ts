import { IsString, Length, Matches } from 'class-validator';
import { Field } from '../common/schema';

/** Labels: name unique per organization, color `#rrggbb`. */
export class CreateLabelDto {
  @IsString()
  @Length(1, 50)
  name: string;

  @IsString()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color must be a hex color of the form #rrggbb' })
  color: string;
}

export class LabelResponse {
  @Field.uuid() id!: string;
  @Field.string() name!: string;
  @Field.string() color!: string;
  @Field.timestamp() createdAt!: string;
}

/** Teams own sprints; name unique per organization. */
export class CreateTeamDto {
  @IsString()
  @Length(1, 100)
  name: string;
}

export class TeamResponse {
  @Field.uuid() id!: string;
  @Field.string() name!: string;
  @Field.timestamp() createdAt!: string;
}
