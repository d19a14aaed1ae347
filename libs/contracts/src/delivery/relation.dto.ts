import { IsIn, IsUUID } from 'class-validator';
import type { WorkItemStatus } from '../common/enums';

/** Relation type values of a new link (contract 2.7/4.9): lowercase with underscores. */
export const WorkItemRelationType = Object.freeze({
  blocks: 'blocks',
  blocked_by: 'blocked_by',
  relates_to: 'relates_to',
  duplicates: 'duplicates',
  duplicated_by: 'duplicated_by',
});
export type WorkItemRelationType = (typeof WorkItemRelationType)[keyof typeof WorkItemRelationType];

/** Contract 4.9. */
export class AddWorkItemRelationDto {
  @IsIn(Object.values(WorkItemRelationType))
  type: WorkItemRelationType;

  @IsUUID()
  targetId: string;
}

/** One linked work item as seen from the other end of the link. */
export interface RelatedWorkItem {
  relationId: string;
  id: string;
  key: string;
  title: string;
  status: WorkItemStatus;
  assigneeId: string | null;
}

/** Contract 2.7: one stored edge shows on both items (blocks on one, blockedBy on the other). */
export interface WorkItemRelationsResponse {
  blocks: RelatedWorkItem[];
  blockedBy: RelatedWorkItem[];
  relatesTo: RelatedWorkItem[];
  duplicates: RelatedWorkItem[];
  duplicatedBy: RelatedWorkItem[];
}
