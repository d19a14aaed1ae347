import { Inject, Injectable } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Permission } from '@pds/auth';
import { AuthContext, WorkItemResponse, WorkItemSubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { McpTool, WRITE } from './mcp-tool';
import { ToolRunner } from './tool-runner';
import { UPDATE_WORK_ITEM_FIELDS } from './work-item.fields';

/** Built once: the SDK turns it into the tool's JSON Schema for every caller. */
const INPUT = z.object({ ref: z.string().trim().min(1).max(100), expectedUpdatedAt: z.string().max(40).optional(), ...UPDATE_WORK_ITEM_FIELDS });

@Injectable()
export class UpdateWorkItemTool implements McpTool {
  readonly name = 'update_work_item';
  readonly permission = Permission.DeliveryWrite;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  register(server: McpServer, auth: AuthContext): void {
    server.registerTool(
      this.name,
      {
        description:
          'Change fields of a work item (as PATCH /work-items/{id}; null clears). Pass expectedUpdatedAt to fail on a concurrent change. Returns the changed fields.',
        inputSchema: INPUT,
        annotations: WRITE,
      },
      (args) =>
        this.runner.run(this.name, async () => {
          const { ref, ...body } = args as { ref: string } & Record<string, unknown>;
          const before: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: ref });
          const after: WorkItemResponse = await this.bus.request(WorkItemSubjects.update, { auth, id: before.id, body });
          const changed: Record<string, { from: unknown; to: unknown }> = {};
          for (const field of Object.keys(after) as (keyof WorkItemResponse)[]) {
            if (field !== 'updatedAt' && !isDeepStrictEqual(before[field], after[field])) changed[field] = { from: before[field], to: after[field] };
          }
          return { ref: after.key, changed, updatedAt: after.updatedAt };
        }),
    );
  }
}
