import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, CommentResponse, DeliverySubjects, MAX_COMMENT_LENGTH } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { McpTool, RECORD_REF, WRITE, text } from './mcp-tool';

const INPUT = z.object({ ref: RECORD_REF.describe('Work item: key or uuid'), body: text(MAX_COMMENT_LENGTH, 1).describe('Markdown') });

@Injectable()
export class AddCommentTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'add_comment', permission: Permission.CommentWrite, annotations: WRITE, input: INPUT, description: 'Comment on a work item (markdown), as you.' };

  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async call({ ref, ...body }: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const comment: CommentResponse = await this.bus.request(DeliverySubjects.commentCreate, { auth, id: ref, body });
    return { ...comment };
  }
}
