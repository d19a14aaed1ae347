import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import {
  AuditChanges,
  AuditWrite,
  auditText,
  changesOf,
  AuthContext,
  CommentResponse,
  CreateCommentDto,
  ForbiddenError,
  CreationListQuery,
  NotFoundError,
  Page,
  ReferenceCheck,
  UpdateCommentDto,
  WORK_ITEM_KEY_PREFIX,
  isUuid,
  assertNotArchived,
} from '@pds/contracts';
import { MessageBus, existingUserIds } from '@pds/messaging';
import { readCreationPage, requireByRef } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { WorkItemRepository } from '../work-items/work-item.repository';
import { CommentRepository } from './comment.repository';

interface CommentRecord {
  id: string;
  workItemId: string;
  authorId: string;
  body: string;
  mentionedUserIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export function toCommentResponse(record: CommentRecord): CommentResponse {
  return {
    id: record.id,
    workItemId: record.workItemId,
    authorId: record.authorId,
    body: record.body,
    mentionedUserIds: record.mentionedUserIds,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** Markdown comments on work items, oldest first; only the author edits or deletes one. */
@Injectable()
export class CommentService {
  constructor(
    @Inject(CommentRepository) private readonly comments: CommentRepository,
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(MessageBus) private readonly bus: MessageBus,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, ref: string, query: CreationListQuery): Promise<Page<CommentResponse>> {
    assertCan(auth, Permission.Read);
    const workItemId = await this.requireItem(auth.organizationId, ref);
    return readCreationPage(query, (order, take) => this.comments.list(auth.organizationId, workItemId, order, take), toCommentResponse);
  }

  async create(auth: AuthContext, ref: string, dto: CreateCommentDto): Promise<CommentResponse> {
    assertCan(auth, Permission.CommentWrite);
    const workItemId = await this.requireItem(auth.organizationId, ref, { writable: true });
    await this.checkMentions(auth.organizationId, dto.mentionedUserIds);
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.comments.create(auth.organizationId, { workItemId, authorId: auth.userId, body: dto.body, mentionedUserIds: dto.mentionedUserIds ?? [] }, tx);
      events.audit(auth, commentEntry('commented', workItemId, created.id, { body: { from: null, to: auditText(created.body) } }));
      return toCommentResponse(created);
    });
  }

  async update(auth: AuthContext, ref: string, commentId: string, dto: UpdateCommentDto): Promise<CommentResponse> {
    assertCan(auth, Permission.CommentWrite);
    const comment = await this.requireOwn(auth, ref, commentId);
    await this.checkMentions(auth.organizationId, dto.mentionedUserIds);
    if (dto.body === undefined && dto.mentionedUserIds === undefined) return toCommentResponse(comment);
    return this.outbox.transaction(async (tx, events) => {
      const updated = await this.comments.update(
        auth.organizationId,
        comment.id,
        {
          ...(dto.body !== undefined ? { body: dto.body } : {}),
          ...(dto.mentionedUserIds !== undefined ? { mentionedUserIds: dto.mentionedUserIds } : {}),
          updatedAt: new Date(Math.max(Date.now(), comment.updatedAt.getTime() + 1)),
        },
        tx,
      );
      events.audit(auth, commentEntry('comment_updated', comment.workItemId, comment.id, changesOf(comment, updated, ['body', 'mentionedUserIds'])));
      return toCommentResponse(updated);
    });
  }

  async remove(auth: AuthContext, ref: string, commentId: string): Promise<void> {
    assertCan(auth, Permission.CommentWrite);
    const comment = await this.requireOwn(auth, ref, commentId);
    await this.outbox.transaction(async (tx, events) => {
      await this.comments.remove(auth.organizationId, comment.id, tx);
      events.audit(auth, commentEntry('comment_deleted', comment.workItemId, comment.id, { body: { from: auditText(comment.body), to: null } }));
    });
  }

  /** `writable`: a new comment on an archived item is refused (409) until it is unarchived. */
  private async requireItem(organizationId: string, ref: string, { writable = false } = {}): Promise<string> {
    const item = await requireByRef('Work item', ref, WORK_ITEM_KEY_PREFIX, (valid) => this.workItems.findByRef(organizationId, valid));
    if (writable) assertNotArchived('Work item', item.key, item.archivedAt);
    return item.id;
  }

  private async requireOwn(auth: AuthContext, ref: string, commentId: string): Promise<CommentRecord> {
    const workItemId = await this.requireItem(auth.organizationId, ref);
    const comment = isUuid(commentId)
      ? await this.comments.find(auth.organizationId, workItemId, commentId.toLowerCase())
      : null;
    if (!comment) throw new NotFoundError('Comment', commentId);
    if (comment.authorId !== auth.userId) throw new ForbiddenError('Only the author may change or delete a comment', { authorId: comment.authorId });
    return comment;
  }

  private async checkMentions(organizationId: string, mentionedUserIds: string[] | undefined): Promise<void> {
    const check = new ReferenceCheck();
    await check.ids({ mentionedUserIds }, (ids) => existingUserIds(this.bus, organizationId, ids), 'user');
    check.throwIfAny();
  }
}

/**
 * A comment's change is an entry of its work item (so it shows in the item's history), naming the
 * comment in `changes`.
 */
function commentEntry(action: string, workItemId: string, commentId: string, changes: AuditChanges | null): AuditWrite {
  return { action, record: { type: 'work_item', id: workItemId }, changes: { commentId: { from: null, to: commentId }, ...changes } };
}
