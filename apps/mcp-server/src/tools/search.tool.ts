import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import type { AuthContext } from '@pds/contracts';
import { z } from 'zod';
import { RecordSearchService, SEARCHABLE_TYPES, SearchPosition } from '../records/record-search.service';
import { decodeMcpCursor, encodeMcpCursor } from './mcp-cursor';
import { McpTool, READ_ONLY } from './mcp-tool';

const INPUT = z.object({
  query: z.string().trim().min(1).max(200),
  types: z.array(z.enum(SEARCHABLE_TYPES)).max(SEARCHABLE_TYPES.length).optional(),
  limit: z.number().int().min(1).max(50).optional(),
  cursor: z.string().max(2000).optional(),
});

@Injectable()
export class SearchTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'search', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'Search every record type by title/text (work items also by key). Returns ref, type, title, status, snippet.' };

  constructor(@Inject(RecordSearchService) private readonly records: RecordSearchService) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const state = args.cursor
      ? decodeMcpCursor<{ q: string; types: (typeof SEARCHABLE_TYPES)[number][]; limit: number; at: SearchPosition }>(this.spec.name, args.cursor)
      : { q: args.query, types: args.types?.length ? args.types : [...SEARCHABLE_TYPES], limit: args.limit ?? 20, at: { s: 0, w: null } };
    const page = await this.records.search(auth, state.q, state.types, state.limit, state.at);
    return {
      items: page.items,
      omitted: page.omitted,
      ...(page.omittedAtLeast ? { omittedAtLeast: true } : {}),
      nextCursor: page.next ? encodeMcpCursor(this.spec.name, { ...state, at: page.next }) : null,
    };
  }
}
