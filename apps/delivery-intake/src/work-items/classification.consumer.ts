import { Inject, Injectable } from '@nestjs/common';
import { EventEnvelope, EventType, InternalEventType } from '@pds/contracts';
import { buildEnvelope, writeOutbox } from '@pds/messaging';
import { DeliveryOutboxRelay } from '../common/delivery.outbox';
import { DELIVERY_SCHEMA } from '../common/delivery.prisma';
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
    @Inject(DeliveryOutboxRelay) private readonly outbox: DeliveryOutboxRelay,
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
    let changed = false;
    for (const [index, item] of items.entries()) {
      if (reached[index] === item.linked_ckr_id) continue;
      changed = (await this.store(organizationId, item.id, links[index], reached[index])) || changed;
    }
    if (changed) this.outbox.notify();
  }

  /** Writes the new OKR unless a concurrent edit changed the item's links meanwhile (it resolved its own). */
  private store(
    organizationId: string,
    id: string,
    links: { opportunityId: string | null; solutionId: string | null; experimentId: string | null },
    linkedCkrId: string | null,
  ): Promise<boolean> {
    return this.workItems.transaction(async (tx) => {
      const locked = await this.workItems.lock(tx, organizationId, id);
      if (
        !locked ||
        locked.opportunityId !== links.opportunityId ||
        locked.solutionId !== links.solutionId ||
        locked.experimentId !== links.experimentId
      ) {
        return false;
      }
      const before = await this.workItems.findInTx(tx, organizationId, id);
      const visible = classify({ ...before, linked_ckr_id: linkedCkrId }) !== classify(before);
      // The OKR reached is stored either way (the ckrId filter uses it); only a visible change is an edit.
      const data: Prisma.WorkItemUncheckedUpdateInput = { linkedCkrId };
      if (visible) data.updatedAt = new Date(Math.max(Date.now(), locked.updatedAt.getTime() + 1));
      await this.workItems.update(tx, id, data);
      if (!visible) return false;
      const after = toWorkItemResponse(await this.workItems.findInTx(tx, organizationId, id));
      await writeOutbox(tx, DELIVERY_SCHEMA, [buildEnvelope(EventType.WorkItemUpdated, organizationId, after)]);
      return true;
    });
  }
}
