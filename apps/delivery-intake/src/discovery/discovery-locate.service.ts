import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, LocatedDeliveryRecord, nullWhenNotFound } from '@pds/contracts';
import { IntakeService } from '../intake/intake.service';
import { SprintService } from '../sprints/sprint.service';
import { WorkItemService } from '../work-items/work-item.service';

/**
 * Which delivery record a uuid names, for the MCP discovery packet, in one message where it would take
 * one per kind; each kind is read through its own service (organization scope, permission).
 */
@Injectable()
export class DiscoveryLocateService {
  constructor(
    @Inject(WorkItemService) private readonly workItems: WorkItemService,
    @Inject(SprintService) private readonly sprints: SprintService,
    @Inject(IntakeService) private readonly intake: IntakeService,
  ) {}

  /** Every kind asked at once (ids are random uuids: one hit at most). */
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
}
