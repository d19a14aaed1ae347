import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { CkrStatus, ExperimentStatus, IntakeKind, IntakeStage, OpportunityStatus, SolutionStatus, SprintStatus } from '@pds/contracts';
import type { AuthContext, Page } from '@pds/contracts';
import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, cappedList } from '../records/capped-list';
import { RecordReader } from '../records/record.reader';
import { AnyRecordOf } from '../records/record-reads';
import { RecordType, kindEnum } from '../records/record-type';
import { fieldOf, summaryOf } from '../records/record.view';
import { LIST_PAGE_INPUT, McpTool, READ_ONLY } from './mcp-tool';
import { kindFields } from './kind-fields';
import { uuid, zEnum } from './work-item.fields';

/** The kinds list_records lists (work items have list_work_items), and `goals`: annual then product goals. */
const LIST_TYPES = ['ckr', 'opportunity', 'solution', 'experiment', 'interview', 'insight', 'annual_goal', 'product_goal', 'sprint', 'intake', 'goals'] as const;
type ListType = (typeof LIST_TYPES)[number];

const statuses = [...new Set([...Object.values(CkrStatus), ...Object.values(OpportunityStatus), ...Object.values(SolutionStatus), ...Object.values(ExperimentStatus), ...Object.values(SprintStatus)])];

/** The REST list query of each kind, typed: the filters it takes. */
const FILTERS = kindFields(
  {
    status: z.array(z.enum(statuses as [string, ...string[]])).max(10).describe('Any of (ckr, opportunity, experiment; sprint: one)'),
    ckrId: uuid.describe('OKR uuid (opportunity, experiment)'),
    productGoalId: uuid.describe('opportunity'),
    annualGoalId: uuid.describe('ckr'),
    planningCycleId: uuid.describe('ckr'),
    opportunityId: uuid.describe('solution'),
    teamId: uuid.describe('sprint'),
    stage: zEnum(IntakeStage).describe('intake'),
    kind: zEnum(IntakeKind).describe('intake'),
  },
  {
    ckr: ['status', 'annualGoalId', 'planningCycleId'],
    opportunity: ['status', 'ckrId', 'productGoalId'],
    solution: ['opportunityId'],
    experiment: ['status', 'ckrId'],
    interview: [],
    insight: [],
    annual_goal: [],
    product_goal: [],
    goals: [],
    sprint: ['status', 'teamId'],
    intake: ['stage', 'kind'],
  },
);

/** The few fields beside ref/title/status that make a list line useful, per type. */
const EXTRA: Partial<Record<RecordType, readonly string[]>> = {
  ckr: ['confidence', 'annualGoalId', 'productGoalId'],
  opportunity: ['score', 'riceScore', 'ckrId', 'productGoalId'],
  solution: ['opportunityId'],
  experiment: ['ckrId', 'solutionId'],
  interview: ['participant', 'conductedAt'],
  insight: ['interviewId'],
  product_goal: ['annualGoalId'],
  annual_goal: ['year'],
  sprint: ['startDate', 'endDate'],
  intake: ['kind', 'votes', 'workItemKey', 'opportunityKey'],
};

/** A record of a list page with the type it was listed as. */
interface Line {
  type: RecordType;
  record: AnyRecordOf;
}

const INPUT = z.object({
  type: kindEnum(LIST_TYPES).describe('Record kind; goals: annual and product goals'),
  filters: FILTERS.schema.optional().describe('Each names the kinds that take it'),
  ...LIST_PAGE_INPUT,
});

@Injectable()
export class ListRecordsTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'list_records', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'Records of one kind, oldest first (work items: list_work_items).' };

  constructor(@Inject(RecordReader) private readonly records: RecordReader) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const type: ListType = args.type;
    const filters: Record<string, unknown> = { ...(args.filters ?? {}) };
    FILTERS.check(type, 'filters', filters);
    // The sprint list takes one status, the others a list.
    if (type === 'sprint' && Array.isArray(filters.status)) filters.status = filters.status.length === 1 ? filters.status[0] : filters.status;
    const fetch =
      type === 'goals'
        ? (cursor: string | undefined, limit: number) => this.goals(auth, filters, cursor, limit)
        : (cursor: string | undefined, limit: number) => this.page(auth, type, filters, cursor, limit);
    const page = await cappedList(fetch, args.cursor, args.limit ?? DEFAULT_LIST_LIMIT);
    return { ...page, items: page.items.map(line) };
  }

  private async page(auth: AuthContext, type: RecordType, filters: object, cursor: string | undefined, limit: number): Promise<Page<Line>> {
    const page = await this.records.list(auth, type, { ...filters, limit, ...(cursor ? { cursor } : {}) });
    return { items: page.items.map((record) => ({ type, record })), nextCursor: page.nextCursor };
  }

  /** Annual goals, then product goals; the cursor says which list it continues (`a:`/`p:`). */
  private async goals(auth: AuthContext, filters: object, cursor: string | undefined, limit: number): Promise<Page<Line>> {
    const phase = cursor?.startsWith('p:') ? 'p' : 'a';
    const inner = cursor && cursor.length > 2 ? cursor.slice(2) : undefined;
    const annual = phase === 'a' ? await this.page(auth, 'annual_goal', filters, inner, limit) : { items: [], nextCursor: null };
    if (annual.nextCursor) return { items: annual.items, nextCursor: `a:${annual.nextCursor}` };
    const room = limit - annual.items.length;
    if (room === 0) return { items: annual.items, nextCursor: 'p:' };
    const product = await this.page(auth, 'product_goal', filters, phase === 'p' ? inner : undefined, room);
    return { items: [...annual.items, ...product.items], nextCursor: product.nextCursor ? `p:${product.nextCursor}` : null };
  }
}

function line({ type, record }: Line): Record<string, unknown> {
  const extra = Object.fromEntries((EXTRA[type] ?? []).map((field) => [field, fieldOf(record, field) ?? null]));
  return { ...summaryOf(type, record), ...extra };
}
