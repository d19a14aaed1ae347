import { IsIn, IsUUID } from 'class-validator';
import { WorkItemStatus, defineEnum } from '../common/enums';
import { Field } from '../common/schema';

/** Relation type values of a new link, lowercase with underscores as the interface contract spells them. */
export const WorkItemRelationType = defineEnum(['blocks', 'blocked_by', 'relates_to', 'duplicates', 'duplicated_by']);
export type WorkItemRelationType = (typeof WorkItemRelationType)[keyof typeof WorkItemRelationType];

/** The interface contract's body for adding a relation: its type and the other work item. */
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

/** The interface contract's five arrays, always present; one stored edge shows on both items (blocks on one, blockedBy on the other). */
export class WorkItemRelationsResponse {
  @Field.list(() => RelatedWorkItem) blocks!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) blockedBy!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) relatesTo!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) duplicates!: RelatedWorkItem[];
  @Field.list(() => RelatedWorkItem) duplicatedBy!: RelatedWorkItem[];
}
