import { IntakeStage, WorkItemStatus } from '@pds/contracts';

/** The stage of a converted submission follows its work item; CANCELLED closes it like DONE. */
export function stageForStatus(status: WorkItemStatus): IntakeStage {
  switch (status) {
    case WorkItemStatus.BACKLOG:
    case WorkItemStatus.TODO:
      return IntakeStage.IN_PREPARATION;
    case WorkItemStatus.DONE:
    case WorkItemStatus.CANCELLED:
      return IntakeStage.DONE;
    default:
      return IntakeStage.IN_PROGRESS;
  }
}
