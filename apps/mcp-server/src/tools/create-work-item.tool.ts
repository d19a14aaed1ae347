import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, WorkItemResponse, WorkItemSubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { viewOf } from '../records/record.view';
import { McpTool, WRITE } from './mcp-tool';
import { CREATE_WORK_ITEM_INPUT } from './work-item.fields';

const INPUT = z.object(CREATE_WORK_ITEM_INPUT);

@Injectable()
export class CreateWorkItemTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'create_work_item', permission: Permission.DeliveryWrite, annotations: WRITE, input: INPUT, description: 'Create a work item. Returns it with its key (WI-n).' };

  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const created: WorkItemResponse = await this.bus.request(WorkItemSubjects.create, { auth, body: args });
    return viewOf('work_item', created, 'full');
  }
}
