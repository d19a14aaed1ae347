import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, CommentResponse, DeliverySubjects, MAX_COMMENT_LENGTH, WorkItemResponse, WorkItemSubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { McpTool, RECORD_REF, WRITE, text } from './mcp-tool';
import { UPDATE_WORK_ITEM_FIELDS } from './work-item.fields';

const INPUT = z.object({
  ref: RECORD_REF.describe('Work item: key or uuid'),
  expectedUpdatedAt: z.string().max(40).optional().describe('Its updatedAt as you read it: a later change fails with Conflict'),
  comment: text(MAX_COMMENT_LENGTH, 1).optional().describe('Markdown comment posted with the change (e.g. what was done)'),
  ...UPDATE_WORK_ITEM_FIELDS,
});

@Injectable()
export class UpdateWorkItemTool implements McpTool<typeof INPUT> {
  readonly spec = {
    name: 'update_work_item',
    permission: Permission.DeliveryWrite,
    annotations: WRITE,
    input: INPUT,
    description: 'Change a work item (null clears a field), optionally with a comment. Returns the changed fields {field: {from, to}}.',
  };

  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const { ref, comment, ...body } = args as { ref: string; comment?: string } & Record<string, unknown>;
    // Checked before anything is written: a change must not land without the comment it carries.
    if (comment !== undefined) assertCan(auth, Permission.CommentWrite);
    const before: WorkItemResponse = await this.bus.request(WorkItemSubjects.get, { auth, id: ref });
    // A comment alone changes nothing else: no empty PATCH.
    const after: WorkItemResponse = Object.keys(body).length || comment === undefined ? await this.bus.request(WorkItemSubjects.update, { auth, id: before.id, body }) : before;
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of Object.keys(after) as (keyof WorkItemResponse)[]) {
      if (field !== 'updatedAt' && !isDeepStrictEqual(before[field], after[field])) changed[field] = { from: before[field], to: after[field] };
    }
    const posted: CommentResponse | undefined =
      comment === undefined ? undefined : await this.bus.request(DeliverySubjects.commentCreate, { auth, id: after.id, body: { body: comment } });
    return { key: after.key, changed, updatedAt: after.updatedAt, ...(posted ? { comment: { id: posted.id, createdAt: posted.createdAt } } : {}) };
  }
}
