import { DeliverySubjects, RepoSubjects, StrategySubjects } from '@pds/contracts';
import type { AuthContext, DiscoveryGraphReply, DiscoveryWorkItemsPage, OpportunityResponse, WorkItemResponse } from '@pds/contracts';
import { InProcessBus } from '@pds/messaging';
import { ArtifactReader } from '../records/artifact.reader';
import { RecordSearch } from '@pds/edge';
import { RecordSearchService } from '../records/record-search.service';
import { RecordReader } from '../records/record.reader';
import { MAX_QUOTE, TEXT_LIMIT } from '../records/record.view';
import { WorkItemLinksReader } from '../records/work-item-links.reader';
import { BRIEF_BUDGET, DiscoveryContextService } from './discovery-context.service';
import { DiscoveryGraphBuilder } from './discovery-graph.builder';

const auth: AuthContext = { organizationId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', keyId: 'k', role: 'PM' as AuthContext['role'] };
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const LONG = 'x'.repeat(5_000);

const opportunity = { id: uuid(10), key: 'OPP-1', title: 'Checkout asks for too much', description: LONG, status: 'NEW', insightIds: [], ckrId: null, productGoalId: null } as unknown as OpportunityResponse;
const workItem = (n: number, blocked = false) =>
  ({ id: uuid(100 + n), key: `WI-${n}`, title: `Work ${n} ${'t'.repeat(150)}`, description: LONG, status: 'TODO', priority: 'P2', isBlocked: blocked }) as unknown as WorkItemResponse;
const workItems = Array.from({ length: 60 }, (_, i) => workItem(i + 1, i === 0));
const insightIds = Array.from({ length: 30 }, (_, i) => uuid(500 + i));
const insight = (id: string, n: number) => ({ id, title: `Insight ${n}`, description: LONG, quotes: [LONG, LONG, LONG, LONG], interviewId: null, interview: null });

/** The real MCP services over an in-process bus whose handlers answer fixtures and count what is asked. */
function setUp({ repos = false } = {}) {
  const bus = new InProcessBus({ error: () => undefined });
  const asked: string[] = [];
  const payloads: Record<string, unknown> = {};
  const serve = (subject: string, answer: (payload: never) => unknown) =>
    bus.serve(subject, (payload) => (asked.push(subject), (payloads[subject] = payload), answer(payload as never)));
  serve(StrategySubjects.opportunityGet, () => opportunity);
  serve(
    StrategySubjects.discoveryGraph,
    ({ evidence }: { evidence?: { from: number; limit: number } }): DiscoveryGraphReply => ({
      ckrs: [],
      // The focus is not in the graph's lists: the MCP server holds it.
      opportunities: [],
      solutions: [],
      experiments: [],
      productGoal: null,
      annualGoal: null,
      insightIds,
      insights: evidence ? (insightIds.slice(evidence.from, evidence.from + evidence.limit).map(insight) as never) : [],
    }),
  );
  serve(DeliverySubjects.discoveryWorkItems, (): DiscoveryWorkItemsPage => ({
    items: workItems,
    nextCursor: null,
    blockedBy: { [workItems[0].id]: [{ relationId: uuid(900), id: uuid(901), key: 'WI-99', title: 'Blocker', status: 'BACKLOG' as never, assigneeId: null }] },
  }));
  // Without the repos context running, artifacts come marked unavailable and the packet still comes.
  if (repos) serve(RepoSubjects.artifactsByWorkItems, ({ ids }: { ids: string[] }) => ({ byWorkItem: Object.fromEntries(ids.map((id) => [id, { branches: [], commits: [], pullRequests: [] }])) }));
  const records = new RecordReader(bus);
  const graphs = new DiscoveryGraphBuilder(records, new RecordSearchService(new RecordSearch(bus)), new WorkItemLinksReader(bus));
  const service = new DiscoveryContextService(records, graphs, new ArtifactReader(bus));
  return { service, asked, payloads };
}

describe('DiscoveryContextService: the brief packet', () => {
  it('fits BRIEF_BUDGET by cutting the largest sections from their ends, and continues them by offset', async () => {
    const { service } = setUp();
    const packet = await service.packet(auth, { ref: 'OPP-1', detail: 'brief', limitPerSection: 20 });
    expect(JSON.stringify(packet.body).length).toBeLessThanOrEqual(BRIEF_BUDGET);
    type Slice = { items: { id: string; quotes?: { text: string }[] }[]; omitted: number };
    const body = packet.body as { workItems: Slice; evidence: { insights: Slice }; focus: { description: string } };
    const insights = body.evidence.insights;
    // 30 insights and 60 work items, 20 of each asked for; the insights (the larger) lost lines first.
    expect(insights.items.length).toBeLessThan(20);
    expect(insights.items.length).toBeGreaterThan(0);
    expect(insights.omitted).toBe(30 - insights.items.length);
    expect(insights.items.map((i) => i.id)).toEqual(insightIds.slice(0, insights.items.length));
    expect(body.workItems.omitted).toBe(60 - body.workItems.items.length);
    expect(packet.next).toEqual({ insights: insights.items.length, workItems: body.workItems.items.length });
    // Cut no further than needed: what is left of the budget is less than one more item (the packet's length is kept by arithmetic).
    const longestItem = Math.max(...[...insights.items, ...body.workItems.items].map((item) => JSON.stringify(item).length));
    expect(BRIEF_BUDGET - JSON.stringify(packet.body).length).toBeLessThan(longestItem + 1);
    // Long texts are clipped to the detail's limit, with an ellipsis; a quote never exceeds MAX_QUOTE.
    expect(body.focus.description).toHaveLength(TEXT_LIMIT.brief);
    expect(body.focus.description.endsWith('…')).toBe(true);
    expect(insights.items[0].quotes?.map((q) => q.text.length)).toEqual([MAX_QUOTE, MAX_QUOTE, MAX_QUOTE]);
  });

  it('shows a blocked item with its open blockers, and artifacts as unavailable while the repos context is down', async () => {
    const { service } = setUp();
    const packet = await service.packet(auth, { ref: 'OPP-1', detail: 'brief', limitPerSection: 2 });
    expect((packet.body.workItems as { items: unknown[] }).items[0]).toMatchObject({
      key: 'WI-1',
      isBlocked: true,
      blockedBy: [{ key: 'WI-99', status: 'BACKLOG' }],
      artifacts: { branches: [], commits: [], pullRequests: [], unavailable: true },
    });
  });

  it('asks the bus four times for a key: the focus, the strategy graph, the work items with blockers, their artifacts', async () => {
    const { service, asked } = setUp({ repos: true });
    await service.packet(auth, { ref: 'OPP-1', detail: 'brief', limitPerSection: 5 });
    expect(asked).toEqual([StrategySubjects.opportunityGet, StrategySubjects.discoveryGraph, DeliverySubjects.discoveryWorkItems, RepoSubjects.artifactsByWorkItems]);
  });

  it('passes the graph the links of the focus it holds, and puts the focus back among the opportunities once', async () => {
    const { service, payloads } = setUp({ repos: true });
    const packet = await service.packet(auth, { ref: 'OPP-1', detail: 'brief', limitPerSection: 5 });
    expect((payloads[StrategySubjects.discoveryGraph] as { focus: unknown }).focus).toEqual({ kind: 'opportunity', id: opportunity.id, insightIds: [], ckrId: null, productGoalId: null });
    // The focus is the graph's only opportunity: its three gaps are asked once each (then the blocked work item).
    expect((packet.body.openQuestions as { key: string }[]).map((q) => q.key)).toEqual(['OPP-1', 'OPP-1', 'OPP-1', 'WI-1']);
  });
});
