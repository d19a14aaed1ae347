import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, BadRequestError } from '@pds/contracts';
import { z } from 'zod';
import { DiscoveryContextService, Section } from '../context/discovery-context.service';
import { Detail } from '../records/record.view';
import { decodeMcpCursor, encodeMcpCursor } from './mcp-cursor';
import { McpTool, READ_ONLY, REF } from './mcp-tool';

interface PacketCursor extends Record<string, unknown> {
  ref: string;
  detail: Detail;
  limit: number;
  offsets: Partial<Record<Section, number>>;
}

const INPUT = z.object({
  ref: REF.optional(),
  query: z.string().trim().min(1).max(200).optional(),
  detail: z.enum(['brief', 'standard', 'full']).optional(),
  limitPerSection: z.number().int().min(1).max(20).optional(),
  cursor: z.string().max(2000).optional(),
});

@Injectable()
export class DiscoveryContextTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'get_discovery_context', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'Start here. Evidence-first packet for a ref (key or uuid) or the best match of query: focus, evidence, goals, okrs, ' + 'opportunities, solutions, experiments, workItems, openQuestions. nextCursor continues cut sections.' };

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
