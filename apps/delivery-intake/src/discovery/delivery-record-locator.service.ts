import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AppException, AuthContext, ErrorCode, LocatedDeliveryRecord } from '@pds/contracts';
import { IntakeService } from '../intake/intake.service';
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
 * Which delivery record a uuid names, for the MCP tools' refs: one message asks every kind of this
 * context, each through its own service (organization scope, permission). Ids are random uuids, so
 * at most one kind has it.
 */
@Injectable()
export class DeliveryRecordLocator {
  constructor(
    @Inject(WorkItemService) private readonly workItems: WorkItemService,
    @Inject(SprintService) private readonly sprints: SprintService,
    @Inject(IntakeService) private readonly intake: IntakeService,
  ) {}

  async locate(auth: AuthContext, id: string): Promise<LocatedDeliveryRecord | null> {
    assertCan(auth, Permission.Read);
    const [workItem, sprint, intake] = await Promise.all([
      orNull(this.workItems.get(auth, id)),
      orNull(this.sprints.get(auth, id)),
      orNull(this.intake.get(auth, id)),
    ]);
    if (workItem) return { kind: 'work_item', record: workItem };
    if (sprint) return { kind: 'sprint', record: sprint };
    if (intake) return { kind: 'intake', record: intake };
    return null;
  }
}
