import { Inject, Injectable } from '@nestjs/common';
import { AuthContext, DiscoveryWorkItemsPage, ListWorkItemsQuery } from '@pds/contracts';
import { RelationService } from '../relations/relation.service';
import { WorkItemService } from '../work-items/work-item.service';

/** The MCP discovery packet's work items, read through the records' own services (organization scope, permission). */
@Injectable()
export class DiscoveryWorkItemsService {
  constructor(
    @Inject(WorkItemService) private readonly workItems: WorkItemService,
    @Inject(RelationService) private readonly relations: RelationService,
  ) {}

  /** A list page and what blocks its blocked items, instead of the page and a request per blocked item. */
  async page(auth: AuthContext, query: ListWorkItemsQuery): Promise<DiscoveryWorkItemsPage> {
    const page = await this.workItems.page(auth, query);
    const blocked = page.items.filter((item) => item.isBlocked).map((item) => item.id);
    return { ...page, blockedBy: await this.relations.blockersOf(auth, blocked) };
  }
}
