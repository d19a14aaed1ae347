import { Get, Param, Post, Query } from '@nestjs/common';
import { AuthContext, GatheredSubjects, ListTrashQuery, NotFoundError, Page, ServiceUnavailableError, TrashEntryResponse } from '@pds/contracts';
import { Doc, Returns } from '@pds/http';
import { Permission } from '@pds/auth';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';
import { mergeTrashPages } from './trash-pages';

/** The trash spans both contexts that own records: one gathered request each, merged here. */
@ApiController('trash')
export class TrashController extends BusRoutes {
  @Get()
  @Paginated(TrashEntryResponse)
  @Doc(
    'List the trash',
    "The organization's deleted records that can still be restored, newest first (`sort=deletedAt` for oldest first), of every kind (`type` from the record kinds: `work_item`, `ckr`, `opportunity`, …), with who deleted them and until when they can be restored.",
    { requires: Permission.RecordsDelete },
  )
  async list(@Auth() auth: AuthContext, @Query() query: ListTrashQuery): Promise<Page<TrashEntryResponse>> {
    const { answers, errors, unanswered } = await this.bus.gather(GatheredSubjects.trashList, { auth, query });
    // A page without one context's share would skip its entries for good (the cursor moves past them).
    if (errors.length > 0) throw errors[0];
    if (unanswered > 0) throw new ServiceUnavailableError(`A service behind ${GatheredSubjects.trashList} did not answer in time`);
    return mergeTrashPages(answers, query);
  }

  /** The record comes back with the same id and key; the answer is its trash entry as it was. */
  @Returns(TrashEntryResponse)
  @Post(':id/restore')
  @Doc(
    'Restore a deleted record',
    'Brings a record back from the trash (by uuid or key) with the same id and key, its relations, links, labels, votes, comments and artifacts; it is listed and changeable again. Answers its trash entry as it was. After `restorableUntil`, or for a record that is not in the trash, 404; 409 when a live record has taken its name since (labels, teams).',
    { requires: Permission.RecordsDelete, emits: ['record.restored'] },
  )
  async restore(@Auth() auth: AuthContext, @Param('id') id: string): Promise<TrashEntryResponse> {
    const { answers, errors, unanswered } = await this.bus.gather(GatheredSubjects.trashRestore, { auth, id }, { until: (answer) => answer !== null });
    const restored = answers.find((answer) => answer !== null);
    if (restored) return restored;
    if (errors.length > 0) throw errors[0];
    if (unanswered > 0) throw new ServiceUnavailableError(`A service behind ${GatheredSubjects.trashRestore} did not answer in time`);
    throw new NotFoundError('Deleted record', id);
  }
}
