import { Inject, Injectable } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Permission } from '@pds/auth';
import { AuthContext, StrategySubjects as S } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { AnyRecord } from '../records/record.reader';
import { viewOf } from '../records/record.view';
import { McpTool, WRITE } from './mcp-tool';
import { ToolRunner } from './tool-runner';

const TYPES = ['opportunity', 'solution', 'experiment', 'interview', 'insight'] as const;
type DiscoveryType = (typeof TYPES)[number];

const SUBJECTS: Record<DiscoveryType, { create: string; update: string }> = {
  opportunity: { create: S.opportunityCreate, update: S.opportunityUpdate },
  solution: { create: S.solutionCreate, update: S.solutionUpdate },
  experiment: { create: S.experimentCreate, update: S.experimentUpdate },
  interview: { create: S.interviewCreate, update: S.interviewUpdate },
  insight: { create: S.insightCreate, update: S.insightUpdate },
};

/** Discovery writes for PM and ADMIN (DEV has no strategy writes); the service validates the fields. */
/** Built once: the SDK turns it into the tool's JSON Schema for every caller. */
const INPUT = z.object({
    type: z.enum(TYPES),
    ref: z.string().trim().min(1).max(100).optional(),
    fields: z.record(z.string().max(40), z.unknown()),
  });

@Injectable()
export class SaveDiscoveryRecordTool implements McpTool {
  readonly name = 'save_discovery_record';
  readonly permission = Permission.StrategyWrite;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  register(server: McpServer, auth: AuthContext): void {
    server.registerTool(
      this.name,
      {
        description:
          'Create (no ref) or update (ref) an opportunity, solution, experiment, interview or insight; fields as the REST POST/PATCH body.',
        inputSchema: INPUT,
        annotations: WRITE,
      },
      (args) =>
        this.runner.run(this.name, async () => {
          const subjects = SUBJECTS[args.type];
          const record: AnyRecord = args.ref
            ? await this.bus.request(subjects.update, { auth, id: args.ref, body: args.fields })
            : await this.bus.request(subjects.create, { auth, body: args.fields });
          return viewOf(args.type, record, 'full');
        }),
    );
  }
}
