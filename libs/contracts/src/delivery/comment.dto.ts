import { IsString, Length } from 'class-validator';
import { IsLinkList } from '../work-items/work-item.dto';
import { IsOptionalNonNull } from '../common/validation';
import { Field, MutableRecordResponse, RecordResponse, Timestamped } from '../common/schema';

export const MAX_COMMENT_LENGTH = 100_000;

/** A markdown comment; `mentionedUserIds` name users of the organization. */
export class CreateCommentDto {
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  body: string;

  @IsLinkList()
  mentionedUserIds?: string[];
}

export class UpdateCommentDto {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  body?: string;

  @IsLinkList()
  mentionedUserIds?: string[];
}

@Timestamped()
export class CommentResponse extends MutableRecordResponse {
  @Field.uuid() workItemId!: string;
  @Field.uuid() authorId!: string;
  @Field.string() body!: string;
  @Field.uuids() mentionedUserIds!: string[];
}

/** A comment on an intake submission (markdown; STAKEHOLDER and up). */
export class CreateIntakeCommentDto {
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  body: string;
}

@Timestamped()
export class IntakeCommentResponse extends RecordResponse {
  @Field.uuid() intakeId!: string;
  @Field.uuid() authorId!: string;
  @Field.string() body!: string;
}
