import { Inject, Injectable } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Permission } from '@pds/auth';
import { AuthContext, CommentResponse, DeliverySubjects, MAX_COMMENT_LENGTH } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { z } from 'zod';
import { McpTool, WRITE } from './mcp-tool';
import { ToolRunner } from './tool-runner';

/** Built once: the SDK turns it into the tool's JSON Schema for every caller. */
const INPUT = z.object({
    ref: z.string().trim().min(1).max(100),
    body: z.string().min(1).max(MAX_COMMENT_LENGTH),
  });

@Injectable()
export class AddCommentTool implements McpTool {
  readonly name = 'add_comment';
  readonly permission = Permission.CommentWrite;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  register(server: McpServer, auth: AuthContext): void {
    server.registerTool(
      this.name,
      {
        description: 'Comment on a work item (markdown), as you.',
        inputSchema: INPUT,
        annotations: WRITE,
      },
      ({ ref, ...body }) =>
        this.runner.run(this.name, async () => {
          const comment: CommentResponse = await this.bus.request(DeliverySubjects.commentCreate, { auth, id: ref, body });
          return { ...comment };
        }),
    );
  }
}
