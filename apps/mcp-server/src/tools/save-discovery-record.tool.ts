import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, OpportunityStatus, Priority, STRATEGY_LIMITS, SolutionStatus, StrategySubjects as S, Subject } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { RecordOf } from '../records/record-reads';
import { viewOf } from '../records/record.view';
import { McpTool, RECORD_REF, WRITE, text } from './mcp-tool';
import { kindFields } from './kind-fields';
import { uuid, zEnum } from './work-item.fields';

const TYPES = ['opportunity', 'solution', 'experiment', 'interview', 'insight'] as const;
const STATUSES = [...new Set([...Object.values(OpportunityStatus), ...Object.values(SolutionStatus), 'DRAFT', 'RUNNING'])] as [string, ...string[]];
type DiscoveryType = (typeof TYPES)[number];

/** The fields are the agent's, validated by the service: the caller's side of the body is any object. */
type Body = { body: object };
type Writes<R> = { create: Subject<{ auth: AuthContext } & Body, R>; update: Subject<{ auth: AuthContext; id: string } & Body, R> };

const SUBJECTS: { readonly [T in DiscoveryType]: Writes<RecordOf[T]> } = {
  opportunity: { create: S.opportunityCreate, update: S.opportunityUpdate },
  solution: { create: S.solutionCreate, update: S.solutionUpdate },
  experiment: { create: S.experimentCreate, update: S.experimentUpdate },
  interview: { create: S.interviewCreate, update: S.interviewUpdate },
  insight: { create: S.insightCreate, update: S.insightUpdate },
};

const long = (max: number) => text(max).nullable();
const score = z.number().int().min(1).max(5);

/** The REST create/update body of each kind, typed; null clears a field on update. */
const FIELDS = kindFields(
  {
    title: z.string().min(2).max(200).describe('Required on create'),
    description: long(STRATEGY_LIMITS.longText).describe('opportunity, solution, insight'),
    status: z.enum(STATUSES).describe('Update only. opportunity: NEW, EXPLORING, VALIDATED, DISCARDED; solution: any of its; experiment: DRAFT, RUNNING'),
    priority: zEnum(Priority).describe('opportunity'),
    impact: score.describe('1-5 (opportunity, solution)'),
    confidence: score.describe('1-5 (opportunity, solution)'),
    effort: z.number().int().min(1).max(1_000_000).nullable().describe('opportunity: 1 or more; solution: 1-5'),
    reach: z.number().int().min(0).max(1_000_000_000).nullable().describe('opportunity'),
    ownerId: uuid.nullable().describe('User uuid (opportunity)'),
    productGoalId: uuid.nullable().describe('opportunity'),
    ckrId: uuid.nullable().describe('OKR uuid (opportunity; experiment: required)'),
    insightIds: z.array(uuid).max(100).describe('Supporting insights, replaces all (opportunity)'),
    opportunityId: uuid.describe('solution: required on create'),
    solutionId: uuid.nullable().describe('experiment'),
    hypothesis: long(STRATEGY_LIMITS.longText).describe('experiment'),
    successMetrics: z.array(text(500, 1)).max(50).describe('experiment'),
    participant: long(200).describe('interview'),
    conductedAt: text(40).nullable().describe('ISO timestamp (interview)'),
    transcript: long(500_000).describe('interview'),
    summary: long(STRATEGY_LIMITS.longText).describe('interview'),
    analysis: long(20_000).describe('interview'),
    interviewId: uuid.nullable().describe('Source interview uuid (insight)'),
    quotes: z.array(text(2000, 1)).max(50).describe('Verbatim quotes (insight)'),
  },
  {
    opportunity: ['title', 'description', 'status', 'priority', 'impact', 'confidence', 'effort', 'reach', 'ownerId', 'productGoalId', 'ckrId', 'insightIds'],
    solution: ['title', 'description', 'status', 'impact', 'confidence', 'effort', 'opportunityId'],
    experiment: ['title', 'status', 'ckrId', 'solutionId', 'hypothesis', 'successMetrics'],
    interview: ['title', 'participant', 'conductedAt', 'transcript', 'summary', 'analysis'],
    insight: ['title', 'description', 'interviewId', 'quotes'],
  },
);

const INPUT = z.object({
  type: z.enum(TYPES).describe('Record kind'),
  ref: RECORD_REF.optional().describe('Omit to create; key or uuid to update'),
  fields: FIELDS.schema.describe('Each names the kinds that take it'),
});

/** Discovery writes for PM and ADMIN (DEV has no strategy writes); the service validates the fields again. */
@Injectable()
export class SaveDiscoveryRecordTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'save_discovery_record', permission: Permission.StrategyWrite, annotations: WRITE, input: INPUT, description: 'Create or update a discovery record. Returns it.' };

  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    FIELDS.check(args.type, 'fields', args.fields);
    const subjects: Writes<RecordOf[DiscoveryType]> = SUBJECTS[args.type];
    const record = args.ref
      ? await this.bus.request(subjects.update, { auth, id: args.ref, body: args.fields })
      : await this.bus.request(subjects.create, { auth, body: args.fields });
    return viewOf(args.type, record, 'full');
  }
}
