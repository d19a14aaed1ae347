import { Inject, Injectable } from '@nestjs/common';
import { Permission, assertCan } from '@pds/auth';
import { AuthContext, ListRepoDeliveriesQuery, Page, REPO_DELIVERY_SORT, RepoDeliveryResponse, RepoDeliveryStatus } from '@pds/contracts';
import { readSortedPage, requireByPathId } from '@pds/persistence';
import { ConnectionRepository } from '../connections/connection.repository';
import { LoggedDelivery, ReceivedDeliveryRepository } from '../inbox/received-delivery.repository';

export function toRepoDeliveryResponse(row: LoggedDelivery): RepoDeliveryResponse {
  return {
    id: row.id,
    providerDeliveryId: row.providerId,
    event: row.event,
    receivedAt: row.receivedAt.toISOString(),
    status: row.status as RepoDeliveryStatus,
    reason: row.reason,
    linkedWorkItemKeys: row.linkedKeys,
  };
}

/**
 * A connection's delivery log for its ADMIN, GitHub's "Recent deliveries" page: what the receiver
 * did with each delivery of the last 30 days, newest first (`sort=receivedAt`: oldest first). The
 * body is never shown.
 */
@Injectable()
export class DeliveryLogService {
  constructor(
    @Inject(ConnectionRepository) private readonly connections: ConnectionRepository,
    @Inject(ReceivedDeliveryRepository) private readonly deliveries: ReceivedDeliveryRepository,
  ) {}

  async list(auth: AuthContext, id: string, query: ListRepoDeliveriesQuery): Promise<Page<RepoDeliveryResponse>> {
    assertCan(auth, Permission.RepositoriesManage);
    const connection = await requireByPathId('Repository', id, (uuid) => this.connections.find(auth.organizationId, uuid));
    return readSortedPage(
      query,
      REPO_DELIVERY_SORT,
      (order, take) => this.deliveries.recent(auth.organizationId, connection.id, order, take),
      toRepoDeliveryResponse,
      (row) => row.receivedAt.toISOString(),
    );
  }
}
