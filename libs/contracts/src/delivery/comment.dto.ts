import { IsIdList } from '../common/decorators';
import { IsString, Length } from 'class-validator';
import { MAX_WORK_ITEM_LINKS } from '../work-items/work-item.dto';
import { IsOptionalNonNull } from '../common/validation';

export const MAX_COMMENT_LENGTH = 100_000;

/** A markdown comment; `mentionedUserIds` name users of the organization. */
export class CreateCommentDto {
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  body: string;

  @IsOptionalNonNull()
  @IsIdList(MAX_WORK_ITEM_LINKS)
  mentionedUserIds?: string[];
}

export class UpdateCommentDto {
  @IsOptionalNonNull()
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  body?: string;

  @IsOptionalNonNull()
  @IsIdList(MAX_WORK_ITEM_LINKS)
  mentionedUserIds?: string[];
}

export interface CommentResponse {
  id: string;
  workItemId: string;
  authorId: string;
  body: string;
  mentionedUserIds: string[];
  createdAt: string;
  updatedAt: string;
}

/** A comment on an intake submission (markdown; STAKEHOLDER and up). */
export class CreateIntakeCommentDto {
  @IsString()
  @Length(1, MAX_COMMENT_LENGTH)
  body: string;
}

export interface IntakeCommentResponse {
  id: string;
  intakeId: string;
  authorId: string;
  body: string;
  createdAt: string;
}
