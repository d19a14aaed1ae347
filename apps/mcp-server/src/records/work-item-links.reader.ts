import { Inject, Injectable } from '@nestjs/common';
import {
  AuthContext,
  CommentResponse,
  DeliverySubjects,
  Page,
  RelatedWorkItem,
  WorkItemRelationsResponse,
} from '@pds/contracts';
import { MessageBus } from '@pds/messaging';
import { clip } from './record.view';

const COMMENTS_PER_RECORD = 20;

function related(items: RelatedWorkItem[]): { relationId: string; key: string; title: string; status: string }[] {
  return items.map((r) => ({ relationId: r.relationId, key: r.key, title: r.title, status: r.status }));
}

/** Relations and comments of a work item, compact. */
@Injectable()
export class WorkItemLinksReader {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async relations(auth: AuthContext, id: string): Promise<Record<string, ReturnType<typeof related>>> {
    const r: WorkItemRelationsResponse = await this.bus.request(DeliverySubjects.relationList, { auth, id });
    return {
      blocks: related(r.blocks),
      blockedBy: related(r.blockedBy),
      relatesTo: related(r.relatesTo),
      duplicates: related(r.duplicates),
      duplicatedBy: related(r.duplicatedBy),
    };
  }

  /** The first comments (oldest first), each clipped; `more` when there are others. */
  async comments(auth: AuthContext, id: string): Promise<{ items: Record<string, unknown>[]; more: boolean }> {
    const page: Page<CommentResponse> = await this.bus.request(DeliverySubjects.commentList, {
      auth,
      id,
      query: { limit: COMMENTS_PER_RECORD },
    });
    return {
      items: page.items.map((c) => ({ id: c.id, authorId: c.authorId, body: clip(c.body, 2000), createdAt: c.createdAt })),
      more: page.nextCursor !== null,
    };
  }
}
