import { Inject, Injectable } from '@nestjs/common';
import {
  BadRequestError,
  FindUsersRequest,
  IdentitySubjects,
  ResolveStrategyReferencesReply,
  ResolveStrategyReferencesRequest,
  StrategyReferenceSubjects,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { WorkItemRepository } from './work-item.repository';

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

/** The discovery links of the item after the change, for the OKR it reaches through them. */
export interface DiscoveryLinks {
  opportunityId: string | null;
  solutionId: string | null;
  experimentId: string | null;
}

const USER_FIELDS = ['assigneeId', 'reporterId', 'productManagerId'] as const;

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
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  async check(
    organizationId: string,
    input: WorkItemReferenceInput,
    links: DiscoveryLinks | undefined,
    selfId?: string,
  ): Promise<{ linkedCkrId: string | null | undefined }> {
    const problems: Record<string, string[]> = {};
    const [, , strategy] = await Promise.all([
      this.checkLocal(organizationId, input, selfId, problems),
      this.checkUsers(organizationId, input, problems),
      this.resolveStrategy(organizationId, input, links),
    ]);
    if (input.ckrId && !strategy.ckrs.some((c) => c.id === input.ckrId)) problems.ckrId = [`unknown id: ${input.ckrId}`];
    const linked = { opportunities: strategy.opportunities, solutions: strategy.solutions, experiments: strategy.experiments };
    for (const [field, records] of [
      ['opportunityId', linked.opportunities],
      ['solutionId', linked.solutions],
      ['experimentId', linked.experiments],
    ] as const) {
      const id = input[field];
      if (id && !records.some((r) => r.id === id)) problems[field] = [`unknown id: ${id}`];
    }
    if (Object.keys(problems).length > 0) {
      throw new BadRequestError(`Unknown references: ${Object.keys(problems).join(', ')}`, problems);
    }
    if (!links) return { linkedCkrId: undefined };
    return { linkedCkrId: linkedCkrOf(strategy, links) };
  }

  /** The OKR each item reaches through its discovery links now, asked in one request. */
  async linkedCkrIds(organizationId: string, items: readonly DiscoveryLinks[]): Promise<(string | null)[]> {
    const strategy = await this.resolveStrategy(organizationId, {}, undefined, items);
    return items.map((links) => linkedCkrOf(strategy, links));
  }

  private async checkLocal(
    organizationId: string,
    input: WorkItemReferenceInput,
    selfId: string | undefined,
    problems: Record<string, string[]>,
  ): Promise<void> {
    if (input.labelIds?.length) {
      const found = new Set(await this.workItems.existingLabelIds(organizationId, input.labelIds));
      const missing = input.labelIds.filter((id) => !found.has(id));
      if (missing.length) problems.labelIds = [`unknown ids: ${missing.join(', ')}`];
    }
    if (input.sprintId && !(await this.workItems.sprintExists(organizationId, input.sprintId))) {
      problems.sprintId = [`unknown id: ${input.sprintId}`];
    }
    if (input.parentId) {
      if (input.parentId === selfId) {
        problems.parentId = ['a work item cannot be its own parent'];
      } else {
        const ancestors = await this.workItems.ancestorIds(organizationId, input.parentId);
        if (ancestors.length === 0) problems.parentId = [`unknown id: ${input.parentId}`];
        else if (selfId && ancestors.includes(selfId)) problems.parentId = ['this parent would create a cycle'];
      }
    }
  }

  private async checkUsers(organizationId: string, input: WorkItemReferenceInput, problems: Record<string, string[]>): Promise<void> {
    const ids = new Set<string>(input.mentionedUserIds ?? []);
    for (const field of USER_FIELDS) if (input[field]) ids.add(input[field] as string);
    if (ids.size === 0) return;
    const { users } = await this.bus.request(IdentitySubjects.findUsers, {
      organizationId,
      ids: [...ids],
    } satisfies FindUsersRequest);
    const found = new Set(users.map((u) => u.id));
    for (const field of USER_FIELDS) {
      const id = input[field];
      if (id && !found.has(id)) problems[field] = [`unknown user: ${id}`];
    }
    const missing = (input.mentionedUserIds ?? []).filter((id) => !found.has(id));
    if (missing.length) problems.mentionedUserIds = [`unknown users: ${missing.join(', ')}`];
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
