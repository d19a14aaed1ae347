import { Inject, Injectable } from '@nestjs/common';
import { Permission } from '@pds/auth';
import { AuthContext, NotFoundError, nullWhenNotFound } from '@pds/contracts';
import { z } from 'zod';
import { ArtifactReader } from '../records/artifact.reader';
import { RecordReader } from '../records/record.reader';
import { ARTIFACTS_PER_KIND, nameOf, viewOf } from '../records/record.view';
import { WorkItemLinksReader } from '../records/work-item-links.reader';
import { decodeMcpCursor, encodeMcpCursor } from './mcp-cursor';
import { McpTool, READ_ONLY, REF, cursorInput } from './mcp-tool';

const INCLUDES = ['relations', 'comments', 'artifacts', 'keyResults', 'transcript'] as const;
type Include = (typeof INCLUDES)[number];
/** A transcript is read in windows of this many characters. */
export const TRANSCRIPT_WINDOW = 8000;

const INPUT = z.object({
  refs: z.array(REF).min(1).max(20).describe('Keys (WI-7, OKR-2, OPP-3, EXP-1, INT-4) or uuids'),
  include: z.array(z.enum(INCLUDES)).optional().describe('Work item: relations, comments, artifacts; OKR: keyResults; interview: transcript'),
  cursor: cursorInput().describe('transcript.nextCursor: the next 8,000 characters'),
});

@Injectable()
export class GetRecordsTool implements McpTool<typeof INPUT> {
  readonly spec = { name: 'get_records', permission: Permission.Read, annotations: READ_ONLY, input: INPUT, description: 'Full records, fields as REST names them, each with its recordKind; unknown refs in notFound.' };

  constructor(
    @Inject(RecordReader) private readonly records: RecordReader,
    @Inject(WorkItemLinksReader) private readonly links: WorkItemLinksReader,
    @Inject(ArtifactReader) private readonly artifacts: ArtifactReader,
  ) {}

  async call(args: z.output<typeof INPUT>, auth: AuthContext): Promise<Record<string, unknown>> {
    if (args.cursor) {
      const { ref, offset } = decodeMcpCursor<{ ref: string; offset: number }>(this.spec.name, args.cursor);
      const { record } = await this.records.locate(auth, ref);
      return { records: [{ ...nameOf(record), transcript: this.window(ref, 'transcript' in record ? record.transcript : null, offset) }] };
    }
    const include = new Set<Include>(args.include ?? []);
    const found = await Promise.all(args.refs.map((ref) => this.one(auth, ref, include)));
    const records = found.filter((r): r is Record<string, unknown> => r !== null);
    const notFound = args.refs.filter((_ref, i) => found[i] === null);
    if (records.length === 0) throw new NotFoundError(notFound.length > 1 ? 'Records' : 'Record', notFound.join(', '));
    return { records, notFound };
  }

  private async one(auth: AuthContext, ref: string, include: Set<Include>): Promise<Record<string, unknown> | null> {
    const located = await nullWhenNotFound(this.records.locate(auth, ref));
    if (!located) return null;
    const view = viewOf(located.type, located.record, 'full');
    if (located.type === 'ckr' && !include.has('keyResults')) {
      view.keyResults = undefined;
      view.keyResultCount = located.record.keyResults.length;
    }
    if (located.type === 'interview' && include.has('transcript')) view.transcript = this.window(ref, located.record.transcript, 0);
    if (located.type === 'work_item') {
      const { id } = located.record;
      const [relations, comments, artifacts] = await Promise.all([
        include.has('relations') ? this.links.relations(auth, id) : undefined,
        include.has('comments') ? this.links.comments(auth, id) : undefined,
        include.has('artifacts') ? this.artifacts.forWorkItems(auth, [id], ARTIFACTS_PER_KIND.full).then((byItem) => byItem[id]) : undefined,
      ]);
      Object.assign(view, { relations, comments, artifacts });
    }
    return JSON.parse(JSON.stringify(view)) as Record<string, unknown>;
  }

  private window(ref: string, transcript: string | null, offset: number): Record<string, unknown> {
    const text = transcript ?? '';
    const end = Math.min(text.length, offset + TRANSCRIPT_WINDOW);
    return {
      offset,
      totalChars: text.length,
      text: text.slice(offset, end),
      nextCursor: end < text.length ? encodeMcpCursor(this.spec.name, { ref, offset: end }) : null,
    };
  }
}
