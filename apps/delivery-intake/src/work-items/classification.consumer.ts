import { Inject, Injectable } from '@nestjs/common';
import { EventEnvelope, EventType, InternalEventType } from '@pds/contracts';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { Prisma } from '../generated/delivery/client';
import { classify, toWorkItemResponse } from './work-item.mapper';
import { WorkItemReferences } from './work-item.references';
import { StrategyLinkKind, WorkItemRepository } from './work-item.repository';

const KIND_OF: Record<string, StrategyLinkKind> = {
  [InternalEventType.OpportunityUpdated]: 'opportunity',
  [InternalEventType.SolutionUpdated]: 'solution',
  [InternalEventType.ExperimentUpdated]: 'experiment',
};

/**
 * Keeps `classification` live: when an opportunity, solution or experiment changes (say it gets or
 * loses its OKR), the OKR each linked work item reaches is asked again from strategy-discovery and
 * stored in `linked_ckr_id`. Idempotent: it recomputes from the source, so a redelivered event
 * finds nothing left to change. An item whose visible classification changes gets a new
 * `updatedAt` and one `work_item.updated`.
 */
@Injectable()
export class ClassificationConsumer {
  constructor(
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(WorkItemReferences) private readonly references: WorkItemReferences,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const kind = KIND_OF[envelope.event];
    const recordId = typeof envelope.data?.id === 'string' ? envelope.data.id : undefined;
    if (!kind || !recordId) return;
    const organizationId = envelope.organizationId;
    const items = await this.workItems.linkedTo(organizationId, kind, recordId);
    if (items.length === 0) return;
    const links = items.map((w) => ({ opportunityId: w.opportunity_id, solutionId: w.solution_id, experimentId: w.experiment_id }));
    const reached = await this.references.linkedCkrIds(organizationId, links);
    for (const [index, item] of items.entries()) {
      if (reached[index] === item.linked_ckr_id) continue;
      await this.store(organizationId, item.id, links[index], reached[index]);
    }
  }

  /** Writes the new OKR unless a concurrent edit changed the item's links meanwhile (it resolved its own). */
  private store(
    organizationId: string,
    id: string,
    links: { opportunityId: string | null; solutionId: string | null; experimentId: string | null },
    linkedCkrId: string | null,
  ): Promise<void> {
    return this.outbox.transaction(async (tx, events) => {
      const locked = await this.workItems.lock(organizationId, id, tx);
      if (
        !locked ||
        locked.opportunityId !== links.opportunityId ||
        locked.solutionId !== links.solutionId ||
        locked.experimentId !== links.experimentId
      ) {
        return;
      }
      const before = await this.workItems.findInTx(organizationId, id, tx);
      const visible = classify({ ...before, linked_ckr_id: linkedCkrId }) !== classify(before);
      // The OKR reached is stored either way (the ckrId filter uses it); only a visible change is an edit.
      const data: Prisma.WorkItemUncheckedUpdateInput = { linkedCkrId };
      if (visible) data.updatedAt = new Date(Math.max(Date.now(), locked.updatedAt.getTime() + 1));
      await this.workItems.update(organizationId, id, data, tx);
      if (!visible) return;
      const after = toWorkItemResponse(await this.workItems.findInTx(organizationId, id, tx));
      await events.emit(EventType.WorkItemUpdated, organizationId, after);
    });
  }
}
