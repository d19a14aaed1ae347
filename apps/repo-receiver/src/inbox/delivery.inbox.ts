import { Inject, Injectable } from '@nestjs/common';
import { REPO_DELIVERY_RECEIVED_EVENT } from '@pds/contracts';
import { buildEnvelope, currentOrigin } from '@pds/messaging';
import { GroupCommit } from '@pds/persistence';
import { randomUUID } from 'node:crypto';
import { ReposOutboxRelay } from '../common/repos.outbox';
import { DeliveryStatus, NewDelivery, ReceivedDeliveryRepository } from './received-delivery.repository';

/** Most deliveries one statement stores. */
const MAX_GROUP = 200;

export type DeliveryToStore = Omit<NewDelivery, 'id' | 'organizationId' | 'envelope' | 'origin'>;

/**
 * Group commit of the acknowledgement path: the deliveries received during one event-loop turn, or
 * while the previous statement runs, are stored with one statement (one round trip, one WAL flush)
 * instead of one each. One statement at a time (GroupCommit's default): deliveries that come while
 * it runs go together into the next, so groups grow with the load rather than the number of
 * statements (measured: about one PostgreSQL transaction per delivery with unbounded statements, a
 * tenth of that with one), at the cost of waiting for at most one statement more. Each request
 * still answers only after the statement that stored its delivery committed. A row the database
 * refuses fails its own request only: the group is then retried row by row.
 */
@Injectable()
export class DeliveryInbox {
  private readonly writes = new GroupCommit<NewDelivery, boolean>((rows) => this.write(rows), { maxGroup: MAX_GROUP, isolateFailures: true });

  constructor(
    @Inject(ReceivedDeliveryRepository) private readonly deliveries: ReceivedDeliveryRepository,
    @Inject(ReposOutboxRelay) private readonly outbox: ReposOutboxRelay,
  ) {}

  /** The new delivery's id once stored, or null when its provider id was seen before on this connection. */
  async store(organizationId: string, delivery: DeliveryToStore): Promise<string | null> {
    const id = randomUUID();
    const envelope =
      delivery.status === DeliveryStatus.RECEIVED
        ? buildEnvelope(REPO_DELIVERY_RECEIVED_EVENT, organizationId, { deliveryId: id, connectionId: delivery.connectionId, orderKey: delivery.connectionId })
        : null;
    // The acknowledging request: processing, later and maybe elsewhere, logs under its id.
    const origin = envelope ? currentOrigin() : null;
    return (await this.writes.submit({ ...delivery, id, organizationId, envelope, origin })) ? id : null;
  }

  /** Whether each row was inserted (false: a repeated provider id, recorded as a DUPLICATE). */
  private async write(rows: NewDelivery[]): Promise<boolean[]> {
    const inserted = await this.deliveries.insertMany(rows);
    if (rows.some((row) => row.envelope && inserted.has(row.id))) this.outbox.notify();
    return rows.map((row) => inserted.has(row.id));
  }
}
