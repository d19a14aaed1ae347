import { Get, Param, Post, Query } from '@nestjs/common';
import { AuthContext, GatheredSubjects, ListTrashQuery, NotFoundError, Page, ServiceUnavailableError, TrashEntryResponse } from '@pds/contracts';
import { Returns } from '@pds/http';
import { ApiController, Auth, Paginated } from '../auth/api-controller.decorator';
import { BusRoutes } from './record-routes';
import { mergeTrashPages } from './trash-pages';

/** The trash spans both contexts that own records: one gathered request each, merged here. */
@ApiController('trash')
export class TrashController extends BusRoutes {
  @Get()
  @Paginated(TrashEntryResponse)
  async list(@Auth() auth: AuthContext, @Query() query: ListTrashQuery): Promise<Page<TrashEntryResponse>> {
    const { answers, errors, unanswered } = await this.bus.gather(GatheredSubjects.trashList, { auth, query });
    // A page without one context's share would skip its entries for good (the cursor moves past them).
    if (errors.length > 0) throw errors[0];
    if (unanswered > 0) throw new ServiceUnavailableError(`A service behind ${GatheredSubjects.trashList} did not answer in time`);
    return mergeTrashPages(answers, query.limit);
  }

  /** The record comes back with the same id and key; the answer is its trash entry as it was. */
  @Returns(TrashEntryResponse)
  @Post(':id/restore')
  async restore(@Auth() auth: AuthContext, @Param('id') id: string): Promise<TrashEntryResponse> {
    const { answers, errors, unanswered } = await this.bus.gather(GatheredSubjects.trashRestore, { auth, id }, { until: (answer) => answer !== null });
    const restored = answers.find((answer) => answer !== null);
    if (restored) return restored;
    if (errors.length > 0) throw errors[0];
    if (unanswered > 0) throw new ServiceUnavailableError(`A service behind ${GatheredSubjects.trashRestore} did not answer in time`);
    throw new NotFoundError('Deleted record', id);
  }
}
