import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import type { AuthContext } from '@pds/contracts';
import { z } from 'zod';
import type { SearchAfter } from '@pds/edge';
import { RecordSearchService, SEARCHABLE_TYPES } from '../records/record-search.service';
import { decodeMcpCursor, encodeMcpCursor } from './mcp-cursor';
import { McpTool, READ_ONLY, cursorInput, text } from './mcp-tool';
import { kindEnum } from '../records/record-type';

const INPUT = z.object({
  query: z.string().trim().pipe(text(200, 1)).describe('Words of a title or text, or a work-item key'),
  types: z.array(kindEnum(SEARCHABLE_TYPES)).max(SEARCHABLE_TYPES.length).optional().describe('Record kinds (default all)'),
  limit: z.number().int().min(1).max(50).optional().describe('default 20'),
  cursor: cursorInput(),
});

@Injectable()
export class SearchTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'search', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'Find records of any kind by title, text, quotes, transcripts or comments (work items also by key), best first. Lines: key or id, recordKind, title, status, snippet.' };

  constructor(@Inject(RecordSearchService) private readonly records: RecordSearchService) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    const state = args.cursor
      ? decodeMcpCursor<{ q: string; types: (typeof SEARCHABLE_TYPES)[number][]; limit: number; at: SearchAfter | null }>(this.spec.name, args.cursor)
      : { q: args.query, types: args.types?.length ? args.types : [...SEARCHABLE_TYPES], limit: args.limit ?? 20, at: null };
    const page = await this.records.search(auth, state.q, state.types, state.limit, state.at);
    return {
      items: page.items,
      omitted: page.omitted,
      nextCursor: page.next ? encodeMcpCursor(this.spec.name, { ...state, at: page.next }) : null,
    };
  }
}
