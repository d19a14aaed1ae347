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
  UpdateCommentDto,
  isUuid,
} from '@pds/contracts';
import { readCreationPage } from '@pds/persistence';
import { DeliveryOutbox } from '../common/delivery.outbox';
import { CommentRecord, toCommentResponse } from './comment.mapper';
import { CommentReferences } from './comment.references';
import { CommentRepository } from './comment.repository';

/** Markdown comments on work items, oldest first; only the author edits or deletes one. */
@Injectable()
export class CommentService {
  constructor(
    @Inject(CommentRepository) private readonly comments: CommentRepository,
    @Inject(CommentReferences) private readonly references: CommentReferences,
    @Inject(DeliveryOutbox) private readonly outbox: DeliveryOutbox,
  ) {}

  async list(auth: AuthContext, ref: string, query: CreationListQuery): Promise<Page<CommentResponse>> {
    assertCan(auth, Permission.Read);
    const workItemId = await this.references.requireItem(auth.organizationId, ref);
    return readCreationPage(query, (order, take) => this.comments.list(auth.organizationId, workItemId, order, take), toCommentResponse);
  }

  async create(auth: AuthContext, ref: string, dto: CreateCommentDto): Promise<CommentResponse> {
    assertCan(auth, Permission.CommentWrite);
    const workItemId = await this.references.requireItem(auth.organizationId, ref, { writable: true });
    await this.references.checkMentions(auth.organizationId, dto.mentionedUserIds);
    return this.outbox.transaction(async (tx, events) => {
      const created = await this.comments.create(auth.organizationId, { workItemId, authorId: auth.userId, body: dto.body, mentionedUserIds: dto.mentionedUserIds ?? [] }, tx);
      events.audit(auth, commentEntry('commented', workItemId, created.id, { body: { from: null, to: auditText(created.body) } }));
      return toCommentResponse(created);
    });
  }

  async update(auth: AuthContext, ref: string, commentId: string, dto: UpdateCommentDto): Promise<CommentResponse> {
    assertCan(auth, Permission.CommentWrite);
    const comment = await this.requireOwn(auth, ref, commentId);
    await this.references.checkMentions(auth.organizationId, dto.mentionedUserIds);
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

  private async requireOwn(auth: AuthContext, ref: string, commentId: string): Promise<CommentRecord> {
    const workItemId = await this.references.requireItem(auth.organizationId, ref);
    const comment = isUuid(commentId)
      ? await this.comments.find(auth.organizationId, workItemId, commentId.toLowerCase())
      : null;
    if (!comment) throw new NotFoundError('Comment', commentId);
    if (comment.authorId !== auth.userId) throw new ForbiddenError('Only the author may change or delete a comment', { authorId: comment.authorId });
    return comment;
  }
}

/**
 * A comment's change is an entry of its work item (so it shows in the item's history), naming the
 * comment in `changes`.
 */
function commentEntry(action: string, workItemId: string, commentId: string, changes: AuditChanges | null): AuditWrite {
  return { action, record: { type: 'work_item', id: workItemId }, changes: { commentId: { from: null, to: commentId }, ...changes } };
}
