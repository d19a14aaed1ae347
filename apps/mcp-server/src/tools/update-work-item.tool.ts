import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, WorkItemResponse, WorkItemSubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { McpTool, REF, WRITE } from './mcp-tool';
import { UPDATE_WORK_ITEM_FIELDS } from './work-item.fields';

const INPUT = z.object({ ref: REF, expectedUpdatedAt: z.string().max(40).optional(), ...UPDATE_WORK_ITEM_FIELDS });

@Injectable()
export class UpdateWorkItemTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'update_work_item', permission: Permission.DeliveryWrite, annotations: WRITE, input: INPUT, description: 'Change fields of a work item (as PATCH /work-items/{id}; null clears). Pass expectedUpdatedAt to fail on a concurrent change. Returns the changed fields.' };

  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const { ref, ...body } = args as { ref: string } & Record<string, unknown>;
    const before: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: ref });
    const after: WorkItemResponse = await this.bus.request(WorkItemSubjects.update, { auth, id: before.id, body });
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of Object.keys(after) as (keyof WorkItemResponse)[]) {
      if (field !== 'updatedAt' && !isDeepStrictEqual(before[field], after[field])) changed[field] = { from: before[field], to: after[field] };
    }
    return { ref: after.key, changed, updatedAt: after.updatedAt };
  }
}
