import { Inject, Injectable } from '@nestjs/common';
import { ReferenceCheck, ResolveStrategyReferencesReply, ResolveStrategyReferencesRequest, StrategyReferenceSubjects } from '@pds/contracts';
import { MessageBus, checkUserIds } from '@pds/messaging';
import { ReferencedRecords } from './referenced-records';
import { DiscoveryLinks, WorkItemRepository } from './work-item.repository';

/** The id fields of a work item that name other records. Absent: not touched; null: cleared. */
export interface WorkItemReferenceInput {
  labelIds?: string[];
  sprintId?: string | null;
  parentId?: string | null;
  assigneeId?: string | null;
  reporterId?: string | null;
  productManagerId?: string | null;
  mentionedUserIds?: string[];
  ckrId?: string | null;
  opportunityId?: string | null;
  solutionId?: string | null;
  experimentId?: string | null;
}

/** Experiment first, then solution, then opportunity: the most specific link names the OKR. */
function linkedCkrOf(strategy: ResolveStrategyReferencesReply, links: DiscoveryLinks): string | null {
  const find = (records: { id: string; ckrId: string | null }[], id: string | null) =>
    id ? (records.find((r) => r.id === id)?.ckrId ?? null) : null;
  return (
    find(strategy.experiments, links.experimentId) ??
    find(strategy.solutions, links.solutionId) ??
    find(strategy.opportunities, links.opportunityId)
  );
}

/**
 * Checks that every id in a work-item body names a record of the caller's organization: local ones
 * (labels, sprint, parent) in our tables, users through identity and OKR-side records through
 * strategy-discovery. Reports every bad field at once. Returns the OKR the item reaches through
 * its discovery links (`undefined` when the links are unchanged).
 */
@Injectable()
export class WorkItemReferences {
  constructor(
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(ReferencedRecords) private readonly records: ReferencedRecords,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  async check(
    organizationId: string,
    input: WorkItemReferenceInput,
    links: DiscoveryLinks | undefined,
    selfId?: string,
  ): Promise<{ linkedCkrId: string | null | undefined }> {
    const check = new ReferenceCheck();
    const { assigneeId, reporterId, productManagerId, mentionedUserIds } = input;
    const [, , , , strategy] = await Promise.all([
      check.ids({ labelIds: input.labelIds }, (ids) => this.records.existingIds(organizationId, 'label', ids)),
      check.ids({ sprintId: input.sprintId }, (ids) => this.records.existingIds(organizationId, 'sprint', ids)),
      this.checkParent(organizationId, input.parentId, selfId, check),
      checkUserIds(this.bus, organizationId, check, { known: { reporterId, mentionedUserIds }, assigned: { assigneeId, productManagerId } }),
      this.resolveStrategy(organizationId, input, links),
    ]);
    const ids = (records: { id: string }[]) => records.map((r) => r.id);
    check.among({ ckrId: input.ckrId }, ids(strategy.ckrs));
    check.among({ opportunityId: input.opportunityId }, ids(strategy.opportunities));
    check.among({ solutionId: input.solutionId }, ids(strategy.solutions));
    check.among({ experimentId: input.experimentId }, ids(strategy.experiments));
    check.throwIfAny();
    if (!links) return { linkedCkrId: undefined };
    return { linkedCkrId: linkedCkrOf(strategy, links) };
  }

  /** The OKR each item reaches through its discovery links now, asked in one request. */
  async linkedCkrIds(organizationId: string, items: readonly DiscoveryLinks[]): Promise<(string | null)[]> {
    const strategy = await this.resolveStrategy(organizationId, {}, undefined, items);
    return items.map((links) => linkedCkrOf(strategy, links));
  }

  /** The parent must be another item of the organization, and not one of the item's descendants. */
  private async checkParent(organizationId: string, parentId: string | null | undefined, selfId: string | undefined, check: ReferenceCheck): Promise<void> {
    if (!parentId) return;
    if (parentId === selfId) return check.refuse('parentId', 'a work item cannot be its own parent');
    const ancestors = await this.workItems.ancestorIds(organizationId, parentId);
    if (ancestors.length === 0) check.missing('parentId', [parentId]);
    else if (selfId && ancestors.includes(selfId)) check.refuse('parentId', 'this parent would create a cycle');
  }

  private async resolveStrategy(
    organizationId: string,
    input: WorkItemReferenceInput,
    links: DiscoveryLinks | undefined,
    more: readonly DiscoveryLinks[] = [],
  ): Promise<ResolveStrategyReferencesReply> {
    const some = (...ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => !!id))];
    const request: ResolveStrategyReferencesRequest = {
      organizationId,
      ckrIds: some(input.ckrId),
      opportunityIds: some(input.opportunityId, links?.opportunityId, ...more.map((l) => l.opportunityId)),
      solutionIds: some(input.solutionId, links?.solutionId, ...more.map((l) => l.solutionId)),
      experimentIds: some(input.experimentId, links?.experimentId, ...more.map((l) => l.experimentId)),
    };
    const empty: ResolveStrategyReferencesReply = { ckrs: [], opportunities: [], solutions: [], experiments: [] };
    const asked = [request.ckrIds, request.opportunityIds, request.solutionIds, request.experimentIds].some((l) => l?.length);
    return asked ? this.bus.request(StrategyReferenceSubjects.resolve, request) : empty;
  }
}
