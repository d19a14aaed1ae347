import { IsIn, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { IsCalendarDate } from '../common/decorators';
import { Archivable } from '../common/archive';
import { ListSort, SortableQuery } from '../common/sort';
import { SprintStatus } from '../common/enums';
import { IsNullable, IsOptionalNonNull } from '../common/validation';
import { Field } from '../common/schema';

export class CreateSprintDto {
  @IsString()
  @Length(1, 200)
  name: string;

  @IsOptionalNonNull()
  @IsString()
  @MaxLength(5000)
  goal?: string;

  @IsCalendarDate()
  startDate: string;

  @IsCalendarDate()
  endDate: string;

  @IsOptionalNonNull()
  @IsUUID()
  teamId?: string;
}

/** Partial update; `status` moves PLANNED → ACTIVE → COMPLETED only. */
export class UpdateSprintDto {
  @IsOptionalNonNull() @IsString() @Length(1, 200) name?: string;
  @IsNullable() @IsString() @MaxLength(5000) goal?: string | null;
  @IsOptionalNonNull() @IsCalendarDate() startDate?: string;
  @IsOptionalNonNull() @IsCalendarDate() endDate?: string;
  @IsNullable() @IsUUID() teamId?: string | null;
  @IsOptionalNonNull() @IsIn(Object.values(SprintStatus)) status?: SprintStatus;
}

/** Start date (the calendar's order) by default. */
export const SPRINT_SORT = new ListSort({ startDate: 'time', createdAt: 'time' }, 'startDate');

export class ListSprintsQuery extends Archivable(SortableQuery(SPRINT_SORT)) {
  @IsOptionalNonNull() @IsIn(Object.values(SprintStatus)) status?: SprintStatus;
  @IsOptionalNonNull() @IsUUID() teamId?: string;
}

/** A sprint, field for field as the interface contract shows it. */
export class SprintResponse {
  @Field.uuid() id!: string;
  @Field.string() name!: string;
  @Field.string({ nullable: true }) goal!: string | null;
  @Field.date() startDate!: string;
  @Field.date() endDate!: string;
  @Field.enum(SprintStatus) status!: SprintStatus;
  @Field.uuid({ nullable: true }) teamId!: string | null;
  @Field.timestamp({ nullable: true, description: 'When the record was archived; null while it is not' }) archivedAt!: string | null;
}
