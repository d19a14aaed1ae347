import { IntakeStage, WorkItemStatus } from '@pds/contracts';

/**
 * The stage of an intake submission converted into a work item follows the item's status; CANCELLED
 * closes it like DONE. Kept with the work items (intake imports it): the item's status change moves
 * its submissions in the same statement (WorkItemRepository.apply).
 */
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
