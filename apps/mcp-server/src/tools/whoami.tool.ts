import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, IdentitySubjects, MeResponse } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { McpTool, READ_ONLY } from './mcp-tool';

@Injectable()
export class WhoamiTool implements McpTool {
  readonly spec = { name: 'whoami', permission: Permission.Read, annotations: READ_ONLY, description: 'Your user, role and organization (same as GET /api/v1/me).' };

  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async call(_args: unknown, auth: AuthContext): Promise<Record<string, unknown>> {
    const me: MeResponse = await this.bus.request(IdentitySubjects.me, { auth });
    return { ...me };
  }
}
