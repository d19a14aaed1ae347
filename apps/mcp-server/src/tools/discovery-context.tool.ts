import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, BadRequestError } from '@pds/contracts';
import { z } from 'zod';
import { DiscoveryContextService, Section } from '../context/discovery-context.service';
import { Detail } from '../records/record.view';
import { decodeMcpCursor, encodeMcpCursor } from './mcp-cursor';
import { McpTool, READ_ONLY, REF, cursorInput, text } from './mcp-tool';

interface PacketCursor extends Record<string, unknown> {
  ref: string;
  detail: Detail;
  limit: number;
  offsets: Partial<Record<Section, number>>;
}

const INPUT = z.object({
  ref: REF.optional().describe('Focus: key (WI-7, OKR-2, OPP-3, EXP-1, INT-4) or uuid'),
  query: z.string().trim().pipe(text(200, 1)).optional().describe('Or a topic: its best search match is the focus'),
  detail: z.enum(['brief', 'standard', 'full']).optional().describe('Text per item: 280, 1,000 or 20,000 chars (default brief)'),
  limitPerSection: z.number().int().min(1).max(20).optional().describe('Items per section (default 5)'),
  cursor: cursorInput(),
});

@Injectable()
export class DiscoveryContextTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'get_discovery_context', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'Start here: everything around one record in one call. Sections: focus, evidence (insights, quotes), goals, okrs, ' + 'opportunities, solutions, experiments, workItems (blockers, repository artifacts), openQuestions.' };

  constructor(@Inject(DiscoveryContextService) private readonly context: DiscoveryContextService) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const cursor = args.cursor ? decodeMcpCursor<PacketCursor>(this.spec.name, args.cursor) : undefined;
    if (!cursor && !args.ref && !args.query) throw new BadRequestError('Pass ref or query (or the cursor of a previous packet)', { ref: ['ref or query required'] });
    const request = cursor
      ? { ref: cursor.ref, detail: cursor.detail, limitPerSection: cursor.limit, offsets: cursor.offsets }
      : { ref: args.ref, query: args.query, detail: args.detail ?? 'brief', limitPerSection: args.limitPerSection ?? 5 };
    const packet = await this.context.packet(auth, request);
    const nextCursor = Object.keys(packet.next).length
      ? encodeMcpCursor(this.spec.name, { ref: packet.focusRef, detail: request.detail, limit: request.limitPerSection, offsets: packet.next } satisfies Omit<PacketCursor, 't'>)
      : null;
    return { ...packet.body, nextCursor };
  }
}
