import { Inject, Injectable } from '@nestjs/common';
import { EventEnvelope, EventType, InternalEventType } from '@pds/contracts';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { classify } from './work-item.mapper';
import { WorkItemReferences } from './work-item.references';
import { DiscoveryLinks, StrategyLinkKind, WorkItemFields, WorkItemRepository } from './work-item.repository';

const KIND_OF: Record<string, StrategyLinkKind> = {
  [InternalEventType.OpportunityUpdated]: 'opportunity',
  [InternalEventType.SolutionUpdated]: 'solution',
  [InternalEventType.ExperimentUpdated]: 'experiment',
};

/**
 * Keeps `classification` live: when an opportunity, solution or experiment changes (say it gets or
 * loses its OKR), the OKR each linked work item reaches is asked again from strategy-discovery and
 * stored as its `linkedCkrId`. Idempotent: it recomputes from the source, so a redelivered event
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
    const reached = await this.references.linkedCkrIds(organizationId, items.map((item) => item.links));
    for (const [index, item] of items.entries()) {
      if (reached[index] === item.linkedCkrId) continue;
      await this.store(organizationId, item.id, item.links, reached[index]);
    }
  }

  /** Writes the new OKR unless a concurrent edit changed the item's links meanwhile (it resolved its own). */
  private store(organizationId: string, id: string, links: DiscoveryLinks, linkedCkrId: string | null): Promise<void> {
    return this.outbox.sqlTransaction(async (tx, events) => {
      const locked = await this.workItems.lock(organizationId, { kind: 'id', id }, tx);
      const before = locked?.item;
      if (
        !before ||
        before.opportunityId !== links.opportunityId ||
        before.solutionId !== links.solutionId ||
        before.experimentId !== links.experimentId
      ) {
        return;
      }
      const visible = classify(before.ckrId, linkedCkrId, before.maintenanceCategory) !== before.classification;
      // The OKR reached is stored either way (the ckrId filter uses it); only a visible change is an edit.
      const changes: WorkItemFields = { linkedCkrId };
      if (visible) changes.updatedAt = new Date(Math.max(Date.now(), Date.parse(before.updatedAt) + 1)).toISOString();
      const after = await this.workItems.apply(organizationId, id, changes, tx);
      if (visible) await events.emit(EventType.WorkItemUpdated, organizationId, after);
    });
  }
}
