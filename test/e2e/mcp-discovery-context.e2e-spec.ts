import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Json, createOrganization } from './support/client';
import { data, discoveryFixture, nameOf, toolError, withKey } from './support/mcp';

describe('get_discovery_context', () => {
  let client: Client;
  let fx: Awaited<ReturnType<typeof discoveryFixture>>;

  beforeAll(async () => {
    const org = await createOrganization();
    fx = await discoveryFixture(org.api, { insightCount: 7, workItemCount: 6 });
    client = await withKey(org.apiKey);
  });
  afterAll(() => client.close());

  it('puts evidence first, then up, across and down, then open questions', async () => {
    const packet = await data(client, 'get_discovery_context', { ref: fx.opportunity.key });
    expect(Object.keys(packet)).toEqual(['focus', 'evidence', 'goals', 'okrs', 'opportunities', 'solutions', 'experiments', 'workItems', 'openQuestions', 'nextCursor']);
    expect(packet.focus).toMatchObject({ key: fx.opportunity.key, recordKind: 'opportunity', title: fx.opportunity.title, impact: 4, confidence: 3 });

    const insight = packet.evidence.insights.items[0];
    expect(insight).toMatchObject({ id: fx.insights[0].id, title: 'Checkout friction 1' });
    expect(insight.quotes[0]).toEqual({
      text: 'I gave up at the phone field (1)',
      source: { interview: fx.interview.id, title: fx.interview.title, participant: 'Dana, buyer at Acme', date: '2026-03-02T10:00:00.000Z' },
    });
    expect(packet.goals.productGoal).toMatchObject({ id: fx.productGoal.id, explanation: 'Sales calls do not scale' });
    expect(packet.goals.annualGoal).toMatchObject({ id: fx.annualGoal.id, explanation: 'Because runway' });
    expect(packet.okrs.items[0]).toMatchObject({ key: fx.ckr.key, keyResults: [expect.objectContaining({ currentValue: 2, targetValue: 5, progress: 0.4 }), expect.objectContaining({ currentValue: null })] });
    expect(packet.solutions.items.map((s: Json) => nameOf(s))).toEqual([fx.solution.id]);
    expect(packet.experiments.items[0]).toMatchObject({ key: fx.experiment.key, hypothesis: 'Conversion rises', result: null });
    const blocked = packet.workItems.items.find((w: Json) => nameOf(w) === fx.workItems[0].key);
    expect(blocked).toMatchObject({ isBlocked: true, blockedBy: [{ key: fx.blocker.key, status: 'BACKLOG' }], artifacts: { branches: [], commits: [], pullRequests: [] } });

    const questions = packet.openQuestions.map((q: Json) => `${nameOf(q)} ${q.question}`);
    expect(questions).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${fx.experiment.key} Experiment`),
        expect.stringContaining(`${fx.ckr.key} Key result "Drop-off below 20%"`),
        expect.stringContaining(`${fx.workItems[0].key} Work item is blocked`),
      ]),
    );
  });

  it('caps every section at limitPerSection with omitted counts, and the cursor continues only the cut sections', async () => {
    const first = await data(client, 'get_discovery_context', { ref: fx.opportunity.key, limitPerSection: 3 });
    expect(first.evidence.insights).toMatchObject({ omitted: 4 });
    expect(first.evidence.insights.items).toHaveLength(3);
    expect(first.workItems.items).toHaveLength(3);
    expect(first.workItems.omitted).toBe(3);
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = await data(client, 'get_discovery_context', { cursor: first.nextCursor });
    expect(Object.keys(second)).toEqual(['focus', 'evidence', 'workItems', 'nextCursor']);
    expect(second.focus).toEqual({ key: fx.opportunity.key, recordKind: 'opportunity', title: fx.opportunity.title, status: 'NEW' });
    expect(second.evidence.insights.items.map((i: Json) => nameOf(i))).toEqual(fx.insights.slice(3, 6).map((i: Json) => i.id));
    expect(second.workItems.items.map((w: Json) => nameOf(w))).toEqual(fx.workItems.slice(3, 6).map((w: Json) => w.key));

    const third = await data(client, 'get_discovery_context', { cursor: second.nextCursor });
    expect(Object.keys(third)).toEqual(['focus', 'evidence', 'nextCursor']);
    expect(third.evidence.insights).toMatchObject({ items: [expect.objectContaining({ id: fx.insights[6].id })], omitted: 0 });
    expect(third.nextCursor).toBeNull();
  });

  it('starts from any ref or from the best match of a query', async () => {
    const fromWorkItem = await data(client, 'get_discovery_context', { ref: fx.workItems[0].key });
    expect(fromWorkItem.focus).toMatchObject({ recordKind: 'work_item', key: fx.workItems[0].key, id: fx.workItems[0].id, type: fx.workItems[0].type });
    expect(fromWorkItem.opportunities.items.map((o: Json) => nameOf(o))).toEqual([fx.opportunity.key]);
    expect(fromWorkItem.okrs.items.map((o: Json) => nameOf(o))).toEqual([fx.ckr.key]);

    const fromExperiment = await data(client, 'get_discovery_context', { ref: fx.experiment.key });
    expect(fromExperiment.solutions.items.map((s: Json) => nameOf(s))).toEqual([fx.solution.id]);
    expect(fromExperiment.opportunities.items.map((o: Json) => nameOf(o))).toEqual([fx.opportunity.key]);

    const fromOkr = await data(client, 'get_discovery_context', { ref: fx.ckr.key });
    expect(fromOkr.opportunities.items.map((o: Json) => nameOf(o))).toEqual([fx.opportunity.key]);
    expect(fromOkr.evidence.insights.items.length).toBe(5);

    const fromInterview = await data(client, 'get_discovery_context', { ref: fx.interview.id, detail: 'standard' });
    expect(fromInterview.focus).toMatchObject({ recordKind: 'interview', transcriptChars: 20_000, summary: fx.interview.summary });
    expect(fromInterview.evidence.interviews.items[0]).toMatchObject({ id: fx.interview.id, analysis: fx.interview.analysis });

    const fromQuery = await data(client, 'get_discovery_context', { query: 'asks for too much' });
    expect(fromQuery.focus.key).toBe(fx.opportunity.key);
  });

  it('from a goal, reaches its goal chain, OKRs and experiments; another organization\'s goal is not found', async () => {
    const fromProductGoal = await data(client, 'get_discovery_context', { ref: fx.productGoal.id });
    expect(fromProductGoal.focus).toMatchObject({ id: fx.productGoal.id, recordKind: 'product_goal' });
    expect(fromProductGoal.goals).toMatchObject({ productGoal: { id: fx.productGoal.id }, annualGoal: { id: fx.annualGoal.id, explanation: 'Because runway' } });
    expect(fromProductGoal.okrs.items.map((o: Json) => nameOf(o))).toEqual([fx.ckr.key]);
    expect(fromProductGoal.opportunities.items.map((o: Json) => nameOf(o))).toEqual([fx.opportunity.key]);
    expect(fromProductGoal.solutions.items.map((s: Json) => nameOf(s))).toEqual([fx.solution.id]);
    expect(fromProductGoal.experiments.items.map((e: Json) => nameOf(e))).toEqual([fx.experiment.key]);
    expect(fromProductGoal.evidence.insights.items.map((i: Json) => nameOf(i))).toEqual(fx.insights.slice(0, 5).map((i: Json) => i.id));

    // An annual goal names OKRs only: the product goal comes from the first OKR.
    const fromAnnualGoal = await data(client, 'get_discovery_context', { ref: fx.annualGoal.id });
    expect(fromAnnualGoal.goals).toMatchObject({ productGoal: { id: fx.productGoal.id }, annualGoal: { id: fx.annualGoal.id } });
    expect(fromAnnualGoal.okrs.items.map((o: Json) => nameOf(o))).toEqual([fx.ckr.key]);
    expect(fromAnnualGoal.experiments.items.map((e: Json) => nameOf(e))).toEqual([fx.experiment.key]);

    const other = await createOrganization();
    const otherClient = await withKey(other.apiKey);
    expect(await toolError(otherClient, 'get_discovery_context', { ref: fx.productGoal.id })).toMatchObject({ error: 'NotFound' });
    await otherClient.close();
  });

  it('keeps brief under 16,000 characters (4,000 tokens) with quotes of at most 280 characters, for any amount of evidence', async () => {
    const org = await createOrganization();
    const heavy = await discoveryFixture(org.api, { insightCount: 20, workItemCount: 2, quote: 'q'.repeat(1000) });
    const heavyClient = await withKey(org.apiKey);
    const packet = await data(heavyClient, 'get_discovery_context', { ref: heavy.opportunity.key, limitPerSection: 20 });
    expect(JSON.stringify(packet).length).toBeLessThanOrEqual(16_000);
    for (const insight of packet.evidence.insights.items) for (const quote of insight.quotes) expect(quote.text.length).toBeLessThanOrEqual(280);
    expect(packet.evidence.insights.items.length + packet.evidence.insights.omitted).toBe(20);
    const full = await data(heavyClient, 'get_discovery_context', { ref: heavy.opportunity.key, limitPerSection: 20, detail: 'full' });
    expect(full.evidence.insights.items).toHaveLength(20);
    await heavyClient.close();
  });
});
