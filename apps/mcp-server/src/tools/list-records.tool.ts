import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import type { AuthContext, Page } from '@pds/contracts';
import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, cappedList } from '../records/capped-list';
import { RecordReader } from '../records/record.reader';
import { AnyRecordOf } from '../records/record-reads';
import { RecordType } from '../records/record-type';
import { fieldOf, summaryOf } from '../records/record.view';
import { LIST_PAGE_INPUT, McpTool, READ_ONLY } from './mcp-tool';

const LIST_TYPES = ['okrs', 'opportunities', 'solutions', 'experiments', 'interviews', 'insights', 'goals', 'sprints', 'intake'] as const;
type ListType = (typeof LIST_TYPES)[number];

const RECORD_TYPE: Record<Exclude<ListType, 'goals'>, RecordType> = {
  okrs: 'okr',
  opportunities: 'opportunity',
  solutions: 'solution',
  experiments: 'experiment',
  interviews: 'interview',
  insights: 'insight',
  sprints: 'sprint',
  intake: 'intake',
};

/** The few fields beside ref/title/status that make a list line useful, per type. */
const EXTRA: Partial<Record<RecordType, readonly string[]>> = {
  okr: ['confidence', 'annualGoalId', 'productGoalId'],
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

const filterValue = z.union([z.string().max(200), z.number(), z.boolean(), z.array(z.string().max(200)).max(20)]);

const INPUT = z.object({ type: z.enum(LIST_TYPES), filters: z.record(z.string().max(40), filterValue).optional(), ...LIST_PAGE_INPUT });

@Injectable()
export class ListRecordsTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'list_records', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'List records of one type, oldest first; filters as the REST list query (e.g. {"status":["ACTIVE"],"ckrId":"…"}).' };

  constructor(@Inject(RecordReader) private readonly records: RecordReader) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const filters = args.filters ?? {};
    const fetch =
      args.type === 'goals'
        ? (cursor: string | undefined, limit: number) => this.goals(auth, filters, cursor, limit)
        : (cursor: string | undefined, limit: number) => this.page(auth, RECORD_TYPE[args.type as Exclude<ListType, 'goals'>], filters, cursor, limit);
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
