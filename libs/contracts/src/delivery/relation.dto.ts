import { IsIn, IsUUID } from 'class-validator';
import { WorkItemStatus, defineEnum } from '../common/enums';
import { Field } from '../common/schema';

/** Relation type values of a new link (contract 2.7/4.9): lowercase with underscores. */
export const WorkItemRelationType = defineEnum(['blocks', 'blocked_by', 'relates_to', 'duplicates', 'duplicated_by']);
export type WorkItemRelationType = (typeof WorkItemRelationType)[keyof typeof WorkItemRelationType];

/** Contract 4.9. */
export class AddWorkItemRelationDto {
  @IsIn(Object.values(WorkItemRelationType))
  type: WorkItemRelationType;

  @IsUUID()
  targetId: string;
}

/** One linked work item as seen from the other end of the link. */
export class RelatedWorkItem {
  @Field.uuid() relationId!: string;
  @Field.uuid() id!: string;
  @Field.string() key!: string;
  @Field.string() title!: string;
  @Field.enum(WorkItemStatus) status!: WorkItemStatus;
  @Field.uuid({ nullable: true }) assigneeId!: string | null;
}

/** Contract 2.7: one stored edge shows on both items (blocks on one, blockedBy on the other). */
export class WorkItemRelationsResponse {
  @Field.list(() => RelatedWorkItem) blocks!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) blockedBy!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) relatesTo!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) duplicates!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) duplicatedBy!: RelatedWorkItem[];
}
