import { CommentResponse } from '@pds/contracts';

export interface CommentRecord {
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
