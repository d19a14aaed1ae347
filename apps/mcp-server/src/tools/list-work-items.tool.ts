import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, BadRequestError, SprintStatus, WorkItemStatus, WorkItemType } from '@pds/contracts';
import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, cappedList } from '../records/capped-list';
import { RecordReader } from '../records/record.reader';
import { summaryOf } from '../records/record.view';
import { uuid, zEnum } from './work-item.fields';
import { LIST_PAGE_INPUT, McpTool, READ_ONLY, text } from './mcp-tool';

const INPUT = z.object({
  assignee: z.union([z.literal('me'), uuid]).optional().describe('"me" or a user uuid'),
  sprint: z.union([z.literal('current'), uuid]).optional().describe('"current" (the ACTIVE sprint) or a sprint uuid'),
  status: z.array(zEnum(WorkItemStatus)).optional().describe('Any of these statuses'),
  type: zEnum(WorkItemType).optional().describe('Work-item type'),
  labelId: uuid.optional().describe('Label uuid'),
  q: z.string().trim().pipe(text(200, 1)).optional().describe('Text in the title, or an exact key'),
  ...LIST_PAGE_INPUT,
});

@Injectable()
export class ListWorkItemsTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'list_work_items', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'Work items matching every filter given, in key order.' };

  constructor(@Inject(RecordReader) private readonly records: RecordReader) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const query: Record<string, unknown> = {
      ...(args.assignee ? { assigneeId: args.assignee === 'me' ? auth.userId : args.assignee } : {}),
      ...(args.sprint ? { sprintId: args.sprint === 'current' ? await this.currentSprint(auth) : args.sprint } : {}),
      ...(args.status?.length ? { status: args.status } : {}),
      ...(args.type ? { type: [args.type] } : {}),
      ...(args.labelId ? { labelId: args.labelId } : {}),
      ...(args.q ? { q: args.q } : {}),
    };
    const page = await cappedList(
      (cursor, limit) => this.records.list(auth, 'work_item', { ...query, limit, ...(cursor ? { cursor } : {}) }),
      args.cursor,
      args.limit ?? DEFAULT_LIST_LIMIT,
    );
    return {
      ...page,
      items: page.items.map((w) => ({
        ...summaryOf('work_item', w),
        priority: w.priority,
        type: w.type,
        assigneeId: w.assigneeId,
        sprintId: w.sprintId,
        isBlocked: w.isBlocked,
        updatedAt: w.updatedAt,
      })),
    };
  }

  private async currentSprint(auth: AuthContext): Promise<string> {
    const sprints = await this.records.list(auth, 'sprint', { status: SprintStatus.ACTIVE, limit: 1 });
    const sprint = sprints.items[0];
    if (!sprint) throw new BadRequestError('There is no ACTIVE sprint; pass a sprint uuid (list_records type "sprint")', { sprint: ['no active sprint'] });
    return sprint.id;
  }
}
