import { Inject, Injectable } from '@nestjs/common';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Permission } from '@pds/auth';
import { AuthContext, IdentitySubjects, MeResponse } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { McpTool, READ_ONLY } from './mcp-tool';
import { ToolRunner } from './tool-runner';

@Injectable()
export class WhoamiTool implements McpTool {
  readonly name = 'whoami';
  readonly permission = Permission.Read;

  constructor(
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(ToolRunner) private readonly runner: ToolRunner,
  ) {}

  register(server: McpServer, auth: AuthContext): void {
    server.registerTool(
      this.name,
      { description: 'Your user, role and organization (same as GET /api/v1/me).', annotations: READ_ONLY },
      () =>
        this.runner.run(this.name, async () => {
          const me: MeResponse = await this.bus.request(IdentitySubjects.me, { auth });
          return { ...me };
        }),
    );
  }
}
