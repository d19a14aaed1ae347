import { IsIdList } from '../common/decorators';
import { IsIn, IsString, Length, MaxLength } from 'class-validator';
import { defineEnum } from '../common/enums';
import { CreationListQuery } from '../common/sort';
import { IsOptionalNonNull } from '../common/validation';
import { Field, MutableRecordResponse, Timestamped } from '../common/schema';

export const ChangelogStatus = defineEnum(['DRAFT', 'PUBLISHED']);
export type ChangelogStatus = (typeof ChangelogStatus)[keyof typeof ChangelogStatus];
export const MAX_CHANGELOG_WORK_ITEMS = 100;

export class CreateChangelogDto {
  @IsString()
  @Length(2, 200)
  title: string;

  /** Markdown. */
  @IsString()
  @MaxLength(100_000)
  body: string;

  @IsOptionalNonNull()
  @IsIdList(MAX_CHANGELOG_WORK_ITEMS)
  workItemIds?: string[];
}

/** Drafts only; a published entry is final. */
export class UpdateChangelogDto {
  @IsOptionalNonNull() @IsString() @Length(2, 200) title?: string;
  @IsOptionalNonNull() @IsString() @MaxLength(100_000) body?: string;

  @IsOptionalNonNull()
  @IsIdList(MAX_CHANGELOG_WORK_ITEMS)
  workItemIds?: string[];
}

export class ListChangelogQuery extends CreationListQuery {
  @IsOptionalNonNull() @IsIn(Object.values(ChangelogStatus)) status?: ChangelogStatus;
}

@Timestamped()
export class ChangelogEntryResponse extends MutableRecordResponse {
  @Field.string() title!: string;
  @Field.string() body!: string;
  @Field.enum(ChangelogStatus) status!: ChangelogStatus;
  @Field.uuids() workItemIds!: string[];
  @Field.timestamp({ nullable: true }) publishedAt!: string | null;
}
