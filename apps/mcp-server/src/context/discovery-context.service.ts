import { Inject, Injectable } from '@nestjs/common';
import {
  AnnualGoalResponse,
  AuthContext,
  CkrResponse,
  InsightEvidence,
  OpportunityResponse,
  ProductGoalResponse,
  WorkItemResponse,
} from '@pds/contracts';
import { ArtifactReader, WorkItemArtifacts } from '../records/artifact.reader';
import { RecordReader } from '../records/record.reader';
import { ARTIFACTS_PER_KIND, MAX_QUOTE, Detail, TEXT_LIMIT as TEXT, clip, nameOf, refOf, summaryOf, viewOf } from '../records/record.view';
import { DiscoveryGraph, ids } from './discovery-graph';
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

/** `brief` must fit an agent's context beside its work: about 4,000 tokens (characters / 4). */
export const BRIEF_BUDGET = 16_000;
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
    @Inject(DiscoveryGraphBuilder) private readonly graphs: DiscoveryGraphBuilder,
    @Inject(ArtifactReader) private readonly artifacts: ArtifactReader,
  ) {}

  async packet(auth: AuthContext, request: PacketRequest): Promise<Packet> {
    const continuing = request.offsets !== undefined;
    const wanted = continuing ? SECTIONS.filter((s) => request.offsets?.[s] !== undefined) : SECTIONS;
    const at = (section: Section) => request.offsets?.[section] ?? 0;
    const { detail, limitPerSection: limit } = request;
    const g = await this.graphs.build(auth, request, wanted.includes('insights') ? { from: at('insights'), limit } : undefined);
    const { type, record } = g.focus;

    // The artifacts of the work items shown (and of a work item in focus), in one request.
    const shownWork = wanted.includes('workItems') ? g.workItems.slice(at('workItems'), at('workItems') + limit) : [];
    const focusArtifacts = !continuing && type === 'work_item';
    const artifacts = await this.artifacts.forWorkItems(auth, [...(focusArtifacts ? [record.id] : []), ...ids(shownWork)], ARTIFACTS_PER_KIND[detail]);

    const slices = Object.fromEntries(
      await Promise.all(wanted.map(async (section) => [section, await this.section(auth, g, section, at(section), limit, detail, artifacts)] as const)),
    ) as Partial<Record<Section, SectionSlice>>;

    const focus = continuing ? summaryOf(type, record) : viewOf(type, record, detail);
    // A work item in focus shows its repository artifacts, as the work items below it do.
    if (focusArtifacts) Object.assign(focus, { artifacts: artifacts[record.id] });
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

  private async section(
    auth: AuthContext,
    g: DiscoveryGraph,
    section: Section,
    from: number,
    limit: number,
    detail: Detail,
    artifacts: Record<string, WorkItemArtifacts>,
  ): Promise<SectionSlice> {
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
        // An interview in focus is held already: only the others are read.
        const held = g.focus.type === 'interview' ? g.focus.record : null;
        const read = await this.records.findMany(auth, 'interview', page.filter((id) => id !== held?.id));
        const interviews = page.flatMap((id) => (id === held?.id ? [held] : read.filter((i) => i.id === id)));
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
        const items = page.map((w) => workItemView(g, w, detail, artifacts[w.id]));
        return { items, omitted, ...(g.workItemsBeyond ? { omittedAtLeast: true as const } : {}) };
      }
    }
  }

}

function workItemView(g: DiscoveryGraph, w: WorkItemResponse, detail: Detail, artifacts: WorkItemArtifacts | undefined): Record<string, unknown> {
  const blockers = w.isBlocked ? (g.blockedBy[w.id] ?? []) : [];
  return {
    ...pick(w, ['title', 'status', 'priority', 'assigneeId', 'sprintId', 'isBlocked'], detail),
    blockedBy: blockers.filter((b) => !OPEN_WORK.has(b.status)).map((b) => ({ key: b.key, status: b.status })),
    artifacts,
  };
}

function pick<R extends { id: string; key?: string }>(record: R, fields: readonly (keyof R & string)[], detail: Detail): Record<string, unknown> {
  const view: Record<string, unknown> = { ...nameOf(record) };
  for (const field of fields) view[field] = record[field] ?? null;
  if (detail !== 'brief' && 'description' in record) view.description = clip(record.description, TEXT[detail]);
  return view;
}

function goalView(goal: ProductGoalResponse | AnnualGoalResponse | null, detail: Detail): Record<string, unknown> | null {
  if (!goal) return null;
  return { id: goal.id, title: goal.title, explanation: clip(goal.explanation, TEXT[detail]), ...('year' in goal ? { year: goal.year } : {}) };
}

function okrView(okr: CkrResponse): Record<string, unknown> {
  const keyResults = okr.keyResults.map((kr) => {
    const current = kr.currentValue;
    const target = kr.targetValue;
    return {
      title: kr.title,
      status: kr.status,
      currentValue: current,
      targetValue: target,
      unit: kr.unit ?? null,
      progress: current !== null && target ? Math.round((current / target) * 100) / 100 : null,
    };
  });
  return { key: okr.key, title: okr.title, status: okr.status, confidence: okr.confidence, keyResults };
}

function opportunityView(o: OpportunityResponse): Record<string, unknown> {
  return {
    key: o.key,
    title: o.title,
    status: o.status,
    priority: o.priority,
    impact: o.impact,
    confidence: o.confidence,
    reach: o.reach,
    effort: o.effort,
    score: o.score,
    riceScore: o.riceScore,
    insightCount: o.insightIds.length,
  };
}

function insightView(insight: InsightEvidence, detail: Detail): Record<string, unknown> {
  const quotes = insight.quotes;
  const interview = insight.interview;
  const source = interview ? { interview: interview.id, title: interview.title, participant: interview.participant, date: interview.conductedAt } : null;
  return {
    id: insight.id,
    title: insight.title,
    description: clip(insight.description, TEXT[detail]),
    quotes: quotes.slice(0, QUOTES[detail]).map((text) => ({ text: clip(text, MAX_QUOTE), ...(source ? { source } : {}) })),
    quotesOmitted: Math.max(0, quotes.length - QUOTES[detail]),
    interview: source,
  };
}

/** Gaps an agent should know about before it plans: derived, never stored. */
function openQuestions(g: DiscoveryGraph): Record<string, string>[] {
  const questions: Record<string, string>[] = [];
  for (const o of g.opportunities) {
    if (o.insightIds.length === 0) questions.push({ key: o.key, question: 'Opportunity has no supporting insight: what evidence backs it?' });
    if (!o.ckrId) questions.push({ key: o.key, question: 'Opportunity is not linked to an OKR.' });
    if (!g.solutions.some((s) => s.opportunityId === o.id)) questions.push({ key: o.key, question: 'Opportunity has no solution yet.' });
  }
  for (const e of g.experiments) if (!e.result) questions.push({ key: e.key, question: `Experiment (${e.status}) has no result yet.` });
  for (const okr of g.okrs) {
    for (const kr of okr.keyResults) {
      if (kr.currentValue === null || kr.currentValue === undefined) questions.push({ key: okr.key, question: `Key result "${kr.title}" has no current value.` });
    }
  }
  for (const w of g.workItems) if (w.isBlocked && !OPEN_WORK.has(w.status)) questions.push({ key: w.key, question: 'Work item is blocked by an open item.' });
  return questions.slice(0, MAX_OPEN_QUESTIONS);
}

/**
 * Cuts items from the end of the largest sections until the brief packet fits its budget. Each item
 * is measured once and the packet's length kept by arithmetic: measuring the whole packet and every
 * section again for each cut item was quadratic (a 200-record focus cut ~100 items of a ~100 KB packet).
 */
function fitBudget(body: Record<string, unknown>, slices: Partial<Record<Section, SectionSlice>>): void {
  let size = JSON.stringify(body).length;
  if (size <= BRIEF_BUDGET) return;
  const cuttable = (Object.entries(slices) as [Section, SectionSlice][]).map(([, slice]) => {
    const lengths = slice.items.map((item) => JSON.stringify(item).length);
    // The items' array as JSON: brackets, items and the commas between them.
    return { slice, lengths, json: 2 + lengths.reduce((sum, n) => sum + n, 0) + Math.max(0, lengths.length - 1) };
  });
  while (size > BRIEF_BUDGET) {
    let largest: (typeof cuttable)[number] | undefined;
    for (const section of cuttable) if (section.lengths.length > 0 && (!largest || section.json > largest.json)) largest = section;
    if (!largest) return;
    const { slice, lengths } = largest;
    const cut = (lengths.pop() as number) + (lengths.length > 0 ? 1 : 0);
    slice.items.pop();
    largest.json -= cut;
    size += String(slice.omitted + 1).length - String(slice.omitted).length - cut;
    slice.omitted += 1;
  }
}
