import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, DiscoveryWorkItemsPage, ListWorkItemsQuery, LocatedDeliveryRecord, nullWhenNotFound } from '@pds/contracts';
import { IntakeService } from '../intake/intake.service';
import { RelationService } from '../relations/relation.service';
import { SprintService } from '../sprints/sprint.service';
import { WorkItemService } from '../work-items/work-item.service';

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
      nullWhenNotFound(this.workItems.get(auth, id)),
      nullWhenNotFound(this.sprints.get(auth, id)),
      nullWhenNotFound(this.intake.get(auth, id)),
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
