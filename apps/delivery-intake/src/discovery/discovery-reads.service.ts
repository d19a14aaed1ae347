import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AppException, AuthContext, DiscoveryWorkItemsPage, ErrorCode, ListWorkItemsQuery, LocatedDeliveryRecord } from '@pds/contracts';
import { IntakeService } from '../intake/intake.service';
import { RelationService } from '../relations/relation.service';
import { SprintService } from '../sprints/sprint.service';
import { WorkItemService } from '../work-items/work-item.service';

/** null where the organization has no such record: a miss is an answer here, not an error. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppException && error.code === ErrorCode.NotFound) return null;
    throw error;
  }
}

/**
 * What the MCP discovery packet reads of this context in one message where it would take several,
 * each read through the records' own services (organization scope, permission).
 */
@Injectable()
export class DiscoveryReadsService {
  constructor(
    @Inject(WorkItemService) private readonly workItems: WorkItemService,
    @Inject(RelationService) private readonly relations: RelationService,
    @Inject(SprintService) private readonly sprints: SprintService,
    @Inject(IntakeService) private readonly intake: IntakeService,
  ) {}

  /** Which delivery record a uuid names: every kind asked at once (ids are random uuids: one hit at most). */
  async locate(auth: AuthContext, id: string): Promise<LocatedDeliveryRecord | null> {
    assertCan(auth, Permission.Read);
    const [workItem, sprint, intake] = await Promise.all([
      orNull(this.workItems.get(auth, id)),
      orNull(this.sprints.get(auth, id)),
      orNull(this.intake.get(auth, id)),
    ]);
    if (workItem) return { kind: 'work_item', record: workItem };
    if (sprint) return { kind: 'sprint', record: sprint };
    return intake && { kind: 'intake', record: intake };
  }

  /** A list page and what blocks its blocked items, instead of the page and a request per blocked item. */
  async workItemsPage(auth: AuthContext, query: ListWorkItemsQuery): Promise<DiscoveryWorkItemsPage> {
    const page = await this.workItems.page(auth, query);
    const blocked = page.items.filter((item) => item.isBlocked).map((item) => item.id);
    return { ...page, blockedBy: await this.relations.blockersOf(auth, blocked) };
  }
}
