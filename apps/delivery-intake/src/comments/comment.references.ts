import { Inject, Injectable } from '@nestjs/common';
import { ReferenceCheck, WORK_ITEM_KEY_PREFIX, assertNotArchived } from '@pds/contracts';
import { MessageBus, existingUserIds } from '@pds/messaging';
import { requireByRef } from '@pds/persistence';
import { WorkItemRepository } from '../work-items/work-item.repository';

/** What a comment names outside its own table: the work item it is on, and the users it mentions. */
@Injectable()
export class CommentReferences {
  constructor(
    @Inject(WorkItemRepository) private readonly workItems: WorkItemRepository,
    @Inject(MessageBus) private readonly bus: MessageBus,
  ) {}

  /** `writable`: a new comment on an archived item is refused (409) until it is unarchived. */
  async requireItem(organizationId: string, ref: string, { writable = false } = {}): Promise<string> {
    const item = await requireByRef('Work item', ref, WORK_ITEM_KEY_PREFIX, (valid) => this.workItems.findByRef(organizationId, valid));
    if (writable) assertNotArchived('Work item', item.key, item.archivedAt);
    return item.id;
  }

  async checkMentions(organizationId: string, mentionedUserIds: string[] | undefined): Promise<void> {
    const check = new ReferenceCheck();
    await check.ids({ mentionedUserIds }, (ids) => existingUserIds(this.bus, organizationId, ids), 'user');
    check.throwIfAny();
  }
}
