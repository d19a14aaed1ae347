import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, StrategySubjects as S, Subject } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { RecordOf } from '../records/record-reads';
import { viewOf } from '../records/record.view';
import { McpTool, REF, WRITE } from './mcp-tool';

const TYPES = ['opportunity', 'solution', 'experiment', 'interview', 'insight'] as const;
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

const INPUT = z.object({
  type: z.enum(TYPES),
  ref: REF.optional(),
  fields: z.record(z.string().max(40), z.unknown()),
});

/** Discovery writes for PM and ADMIN (DEV has no strategy writes); the service validates the fields. */
@Injectable()
export class SaveDiscoveryRecordTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'save_discovery_record', permission: Permission.StrategyWrite, annotations: WRITE, input: INPUT, description: 'Create (no ref) or update (ref) an opportunity, solution, experiment, interview or insight; fields as the REST POST/PATCH body.' };

  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const subjects: Writes<RecordOf[DiscoveryType]> = SUBJECTS[args.type];
    const record = args.ref
      ? await this.bus.request(subjects.update, { auth, id: args.ref, body: args.fields })
      : await this.bus.request(subjects.create, { auth, body: args.fields });
    return viewOf(args.type, record, 'full');
  }
}
