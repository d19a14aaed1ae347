import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, InsightEvidence, NotFoundError } from '@pds/contracts';
import { ArtifactReader } from '../records/artifact.reader';
import { RecordSearchService, SEARCHABLE_TYPES } from '../records/record-search.service';
import { AnyRecord, RecordReader } from '../records/record.reader';
import { MAX_QUOTE, Detail, clip, refOf, summaryOf, viewOf } from '../records/record.view';
import { WorkItemLinksReader } from '../records/work-item-links.reader';
import { DiscoveryGraph } from './discovery-graph';
import { DiscoveryGraphBuilder } from './discovery-graph.builder';

export const SECTIONS = ['insights', 'interviews', 'okrs', 'opportunities', 'solutions', 'experiments', 'workItems'] as const;
export type Section = (typeof SECTIONS)[number];

export interface PacketRequest {
  ref?: string;
  query?: string;
  detail: Detail;
  limitPerSection: number;
  /** Set when continuing: where each cut section goes on. */
  offsets?: Partial<Record<Section, number>>;
}

export interface Packet {
  body: Record<string, unknown>;
  /** Where each cut section continues; empty when nothing was cut. */
  next: Partial<Record<Section, number>>;
  focusRef: string;
}

/** `brief` must fit an agent's context: about 8,000 tokens. */
export const BRIEF_BUDGET = 32_000;
const TEXT: Record<Detail, number> = { brief: 280, standard: 1000, full: 20_000 };
const QUOTES: Record<Detail, number> = { brief: 3, standard: 10, full: 50 };
const MAX_OPEN_QUESTIONS = 20;
const OPEN_WORK = new Set(['DONE', 'CANCELLED']);

interface SectionSlice {
  items: Record<string, unknown>[];
  omitted: number;
  /** More exist than were counted (a list longer than one service page). */
  omittedAtLeast?: true;
}

/**
 * The evidence-first packet of get_discovery_context: focus; evidence (insights with quotes,
 * interviews); up (goals, OKRs with key-result progress); across (opportunities, solutions,
 * experiments); down (work items with blockers and repository artifacts); open questions.
 * Every section is capped at `limitPerSection`; a cursor continues the cut ones.
 */
@Injectable()
export class DiscoveryContextService {
  constructor(
    @Inject(RecordReader) private readonly records: RecordReader,
    @Inject(RecordSearchService) private readonly search: RecordSearchService,
    @Inject(DiscoveryGraphBuilder) private readonly graphs: DiscoveryGraphBuilder,
    @Inject(WorkItemLinksReader) private readonly links: WorkItemLinksReader,
    @Inject(ArtifactReader) private readonly artifacts: ArtifactReader,
  ) {}

  async packet(auth: AuthContext, request: PacketRequest): Promise<Packet> {
    const { type, record } = await this.focus(auth, request);
    const continuing = request.offsets !== undefined;
    const wanted = continuing ? SECTIONS.filter((s) => request.offsets?.[s] !== undefined) : SECTIONS;
    const at = (section: Section) => request.offsets?.[section] ?? 0;
    const { detail, limitPerSection: limit } = request;
    const g = await this.graphs.build(auth, type, record, wanted.includes('insights') ? { from: at('insights'), limit } : undefined);

    const slices = Object.fromEntries(
      await Promise.all(wanted.map(async (section) => [section, await this.section(auth, g, section, at(section), limit, detail)] as const)),
    ) as Partial<Record<Section, SectionSlice>>;

    const focus = continuing ? summaryOf(type, record) : viewOf(type, record, detail);
    // A work item in focus shows its repository artifacts, as the work items below it do.
    if (!continuing && type === 'work_item') Object.assign(focus, { artifacts: await this.artifacts.forWorkItem(auth, record.id) });
    const body: Record<string, unknown> = { focus };
    if (slices.insights || slices.interviews) body.evidence = { insights: slices.insights, interviews: slices.interviews };
    if (!continuing) body.goals = { productGoal: goalView(g.productGoal, detail), annualGoal: goalView(g.annualGoal, detail) };
    for (const section of ['okrs', 'opportunities', 'solutions', 'experiments', 'workItems'] as const) if (slices[section]) body[section] = slices[section];
    if (!continuing) body.openQuestions = openQuestions(g);

    if (detail === 'brief') fitBudget(body, slices);
    const next: Partial<Record<Section, number>> = {};
    for (const section of wanted) {
      const slice = slices[section];
      if (slice && slice.omitted > 0) next[section] = at(section) + slice.items.length;
    }
    return { body, next, focusRef: refOf(record) };
  }

  private async focus(auth: AuthContext, request: PacketRequest): Promise<{ type: ReturnType<typeof summaryOf>['type']; record: AnyRecord }> {
    if (request.ref) return this.records.locate(auth, request.ref);
    const query = request.query ?? '';
    const hits = await this.search.search(auth, query, SEARCHABLE_TYPES, 1, { s: 0, w: null });
    const best = hits.items[0];
    if (!best) throw new NotFoundError('Record matching', JSON.stringify(query));
    return this.records.locate(auth, best.ref);
  }

  private async section(auth: AuthContext, g: DiscoveryGraph, section: Section, from: number, limit: number, detail: Detail): Promise<SectionSlice> {
    const take = <T>(all: readonly T[]) => ({ page: all.slice(from, from + limit), omitted: Math.max(0, all.length - from - limit) });
    switch (section) {
      case 'insights': {
        const { page, omitted } = take(g.insightIds);
        const insights = g.evidence?.from === from ? g.evidence.items : await this.records.insightEvidence(auth, page);
        return { items: insights.map((insight) => insightView(insight, detail)), omitted };
      }
      case 'interviews': {
        if (detail === 'brief' && g.focus.type !== 'interview') return { items: [], omitted: 0 };
        const interviewIds = [...g.interviewIds];
        if (detail !== 'brief') {
          const insights = await this.records.insightEvidence(auth, g.insightIds.slice(0, 100));
          for (const insight of insights) if (insight.interview && !interviewIds.includes(insight.interview.id)) interviewIds.push(insight.interview.id);
        }
        const { page, omitted } = take(interviewIds);
        const interviews = await this.records.findMany(auth, 'interview', page);
        return { items: interviews.map((i) => viewOf('interview', i, detail)), omitted };
      }
      case 'okrs': {
        const { page, omitted } = take(g.okrs);
        return { items: page.map(okrView), omitted };
      }
      case 'opportunities': {
        const others = g.opportunities.filter((o) => o.id !== g.focus.record.id);
        const { page, omitted } = take(others);
        return { items: page.map(opportunityView), omitted };
      }
      case 'solutions': {
        const { page, omitted } = take(g.solutions.filter((s) => s.id !== g.focus.record.id));
        return { items: page.map((s) => pick(s, ['title', 'status', 'opportunityId', 'impact', 'effort', 'confidence'], detail)), omitted };
      }
      case 'experiments': {
        const { page, omitted } = take(g.experiments.filter((e) => e.id !== g.focus.record.id));
        return {
          items: page.map((e) => ({ ...pick(e, ['title', 'status', 'solutionId'], detail), hypothesis: clip(e.hypothesis, TEXT[detail]), result: clip(e.result, TEXT[detail]) })),
          omitted,
        };
      }
      case 'workItems': {
        const { page, omitted } = take(g.workItems);
        const items = await Promise.all(page.map((w) => this.workItemView(auth, w, detail)));
        return { items, omitted, ...(g.workItemsBeyond ? { omittedAtLeast: true as const } : {}) };
      }
    }
  }

  private async workItemView(auth: AuthContext, w: AnyRecord, detail: Detail): Promise<Record<string, unknown>> {
    const [relations, artifacts] = await Promise.all([
      w.isBlocked ? this.links.relations(auth, w.id) : Promise.resolve(null),
      this.artifacts.forWorkItem(auth, w.id),
    ]);
    return {
      ...pick(w, ['title', 'status', 'priority', 'assigneeId', 'sprintId', 'isBlocked'], detail),
      blockedBy: relations ? relations.blockedBy.filter((b) => !OPEN_WORK.has(b.status)).map((b) => ({ ref: b.ref, status: b.status })) : [],
      artifacts,
    };
  }
}

function pick(record: AnyRecord, fields: readonly string[], detail: Detail): Record<string, unknown> {
  const view: Record<string, unknown> = { ref: refOf(record) };
  for (const field of fields) view[field] = record[field] ?? null;
  if (detail !== 'brief' && 'description' in record) view.description = clip(record.description, TEXT[detail]);
  return view;
}

function goalView(goal: AnyRecord | null, detail: Detail): Record<string, unknown> | null {
  if (!goal) return null;
  return { ref: goal.id, title: goal.title, explanation: clip(goal.explanation, TEXT[detail]), ...(goal.year !== undefined ? { year: goal.year } : {}) };
}

function okrView(okr: AnyRecord): Record<string, unknown> {
  const keyResults = ((okr.keyResults as AnyRecord[] | undefined) ?? []).map((kr) => {
    const current = typeof kr.currentValue === 'number' ? kr.currentValue : null;
    const target = typeof kr.targetValue === 'number' ? kr.targetValue : null;
    return {
      title: kr.title,
      status: kr.status,
      currentValue: current,
      targetValue: target,
      unit: kr.unit ?? null,
      progress: current !== null && target ? Math.round((current / target) * 100) / 100 : null,
    };
  });
  return { ref: refOf(okr), title: okr.title, status: okr.status, confidence: okr.confidence, keyResults };
}

function opportunityView(o: AnyRecord): Record<string, unknown> {
  return {
    ref: refOf(o),
    title: o.title,
    status: o.status,
    priority: o.priority,
    impact: o.impact,
    confidence: o.confidence,
    reach: o.reach,
    effort: o.effort,
    score: o.score,
    riceScore: o.riceScore,
    insightCount: Array.isArray(o.insightIds) ? o.insightIds.length : 0,
  };
}

function insightView(insight: InsightEvidence, detail: Detail): Record<string, unknown> {
  const quotes = insight.quotes;
  const interview = insight.interview;
  const source = interview ? { interview: interview.id, title: interview.title, participant: interview.participant, date: interview.conductedAt } : null;
  return {
    ref: insight.id,
    title: insight.title,
    description: clip(insight.description, TEXT[detail]),
    quotes: quotes.slice(0, QUOTES[detail]).map((text) => ({ text: clip(text, MAX_QUOTE), ...(source ? { source } : {}) })),
    quotesOmitted: Math.max(0, quotes.length - QUOTES[detail]),
    interview: source,
  };
}

/** Gaps an agent should know about before it plans: derived, never stored. */
function openQuestions(g: DiscoveryGraph): { ref: string; question: string }[] {
  const questions: { ref: string; question: string }[] = [];
  for (const o of g.opportunities) {
    if (!Array.isArray(o.insightIds) || o.insightIds.length === 0) questions.push({ ref: refOf(o), question: 'Opportunity has no supporting insight: what evidence backs it?' });
    if (!o.ckrId) questions.push({ ref: refOf(o), question: 'Opportunity is not linked to an OKR.' });
    if (!g.solutions.some((s) => s.opportunityId === o.id)) questions.push({ ref: refOf(o), question: 'Opportunity has no solution yet.' });
  }
  for (const e of g.experiments) if (!e.result) questions.push({ ref: refOf(e), question: `Experiment (${String(e.status)}) has no result yet.` });
  for (const okr of g.okrs) {
    for (const kr of (okr.keyResults as AnyRecord[] | undefined) ?? []) {
      if (kr.currentValue === null || kr.currentValue === undefined) questions.push({ ref: refOf(okr), question: `Key result "${String(kr.title)}" has no current value.` });
    }
  }
  for (const w of g.workItems) if (w.isBlocked && !OPEN_WORK.has(String(w.status))) questions.push({ ref: refOf(w), question: 'Work item is blocked by an open item.' });
  return questions.slice(0, MAX_OPEN_QUESTIONS);
}

/** Cuts items from the end of the largest sections until the brief packet fits its budget. */
function fitBudget(body: Record<string, unknown>, slices: Partial<Record<Section, SectionSlice>>): void {
  const size = () => JSON.stringify(body).length;
  while (size() > BRIEF_BUDGET) {
    const largest = (Object.entries(slices) as [Section, SectionSlice][])
      .filter(([, slice]) => slice.items.length > 0)
      .sort(([, a], [, b]) => JSON.stringify(b.items).length - JSON.stringify(a.items).length)[0];
    if (!largest) return;
    largest[1].items.pop();
    largest[1].omitted += 1;
  }
}
