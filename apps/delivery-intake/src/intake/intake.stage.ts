import { IntakeStage, WorkItemStatus } from '@pds/contracts';
import type { DeliveryTx } from '../work-items/work-item.repository';

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

/**
 * Moves the submissions converted into the work item along with its status, in the transaction
 * of the status change. `completedAt` is set when the stage reaches DONE and cleared if it leaves.
 */
export async function followWorkItemStatus(tx: DeliveryTx, workItemId: string, status: WorkItemStatus): Promise<void> {
  const stage = stageForStatus(status);
  await tx.$executeRawUnsafe(
    `UPDATE delivery.intake_submissions
        SET stage = $2::text::delivery."IntakeStage",
            completed_at = CASE WHEN $2::text = 'DONE' THEN COALESCE(completed_at, now()) ELSE NULL END,
            updated_at = now()
      WHERE work_item_id = $1::uuid AND stage::text <> $2::text`,
    workItemId,
    stage,
  );
}
