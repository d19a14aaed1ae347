import { Inject, Injectable } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Permission } from '@pds/auth';
import { AuthContext, WorkItemResponse, WorkItemSubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { viewOf } from '../records/record.view';
import { McpTool, WRITE } from './mcp-tool';
import { ToolRunner } from './tool-runner';
import { CREATE_WORK_ITEM_INPUT } from './work-item.fields';

/** Built once: the SDK turns it into the tool's JSON Schema for every caller. */
const INPUT = z.object(CREATE_WORK_ITEM_INPUT);

@Injectable()
export class CreateWorkItemTool implements McpTool {
  readonly name = 'create_work_item';
  readonly permission = Permission.DeliveryWrite;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  register(server: McpServer, auth: AuthContext): void {
    server.registerTool(
      this.name,
      {
        description: 'Create a work item (fields as POST /work-items). Returns it with its key (WI-n).',
        inputSchema: INPUT,
        annotations: WRITE,
      },
      (args) =>
        this.runner.run(this.name, async () => {
          const created: WorkItemResponse = await this.bus.request(WorkItemSubjects.create, { auth, body: args });
          return viewOf('work_item', created as unknown as Record<string, unknown> & { id: string }, 'full');
        }),
    );
  }
}
