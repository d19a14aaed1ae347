import { Inject, Injectable } from '@nestjs/common';
import { AuditVia, AuthContext, ResolvedWorkItem, Role, WorkItemResponse, WorkItemStatus, WorkItemSubjects } from '@pds/contracts';
import { MessageBus } from '@pds/messaging';

/** Most keys one lookup asks for; a push lists at most 20 commits, a pull request three texts. */
const MAX_KEYS_PER_LOOKUP = 500;

/** The automation acts as nobody's key: no user, DEV rights (the least role that may move a work item). */
const AUTOMATION_USER_ID = '00000000-0000-0000-0000-000000000000';

export function automationAuth(organizationId: string, connectionId: string): AuthContext {
  return { organizationId, userId: AUTOMATION_USER_ID, role: Role.DEV, keyId: connectionId, via: AuditVia.GIT };
}

/** The delivery context over the bus: work items by key, and status moves through its PATCH code. */
@Injectable()
export class WorkItemClient {
  constructor(@Inject(MessageBus) private readonly bus: MessageBus) {}

  async resolveKeys(organizationId: string, keys: readonly string[]): Promise<ResolvedWorkItem[]> {
    if (keys.length === 0) return [];
    const found: ResolvedWorkItem[] = [];
    for (let i = 0; i < keys.length; i += MAX_KEYS_PER_LOOKUP) {
      found.push(...(await this.bus.request(WorkItemSubjects.resolveKeys, { organizationId, keys: keys.slice(i, i + MAX_KEYS_PER_LOOKUP) })));
    }
    return found;
  }

  moveStatus(auth: AuthContext, id: string, status: WorkItemStatus, expectedUpdatedAt: string): Promise<WorkItemResponse> {
    return this.bus.request(WorkItemSubjects.update, { auth, id, body: { status, expectedUpdatedAt } });
  }
}
