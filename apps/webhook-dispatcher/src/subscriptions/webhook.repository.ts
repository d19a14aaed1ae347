import { Inject, Injectable } from '@nestjs/common';
import { PING_EVENT, SortedRead } from '@pds/contracts';
import { DATABASE, Database, SqlExecutor, creationOrder, sqlOverPrisma } from '@pds/persistence';
import { Prisma, PrismaClient, WebhookSubscription } from '../generated/webhooks/client';

/** Webhook subscriptions; every query is scoped by organization id. */
@Injectable()
export class WebhookRepository {
  constructor(
    @Inject(PrismaClient) private readonly prisma: PrismaClient,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  list(organizationId: string, order: SortedRead, take: number): Promise<WebhookSubscription[]> {
    return this.prisma.webhookSubscription.findMany({
      where: { organizationId, ...creationOrder(order).where },
      orderBy: creationOrder(order).orderBy,
      take,
    });
  }

  find(organizationId: string, id: string): Promise<WebhookSubscription | null> {
    return this.prisma.webhookSubscription.findFirst({ where: { organizationId, id } });
  }

  /**
   * tenant-scope: no tenant data. One transaction for a change and its audit entry (`sql`: the same
   * transaction, for hand-written statements); the statements in it name their organization.
   */
  transaction<T>(fn: (tx: Prisma.TransactionClient, sql: SqlExecutor) => Promise<T>): Promise<T> {
    return this.prisma.$transaction((tx) => fn(tx, sqlOverPrisma(tx)));
  }

  create(
    organizationId: string,
    data: Omit<Prisma.WebhookSubscriptionUncheckedCreateInput, 'organizationId'>,
    tx: Prisma.TransactionClient = this.prisma,
  ): Promise<WebhookSubscription> {
    return tx.webhookSubscription.create({ data: { ...data, organizationId } });
  }

  update(
    organizationId: string,
    id: string,
    data: Prisma.WebhookSubscriptionUncheckedUpdateInput,
    tx: Prisma.TransactionClient = this.prisma,
  ): Promise<WebhookSubscription> {
    return tx.webhookSubscription.update({ where: { id, organizationId }, data });
  }

  /**
   * Deletes the subscription with its deliveries (their attempts follow by cascade) and its test
   * pings, in one statement. Contract events stay: they belong to the event log (`GET /events`)
   * until the retention, whoever was subscribed.
   */
  async remove(organizationId: string, id: string, sql: SqlExecutor = this.db.sql): Promise<void> {
    await sql.query(
      `WITH subscription AS (
         DELETE FROM webhooks.subscriptions WHERE organization_id = $1 AND id = $2),
       gone AS (
         DELETE FROM webhooks.deliveries WHERE organization_id = $1 AND webhook_id = $2 RETURNING event_id)
       DELETE FROM webhooks.events e
        WHERE e.organization_id = $1 AND e.type = $3 AND e.id IN (SELECT event_id FROM gone)`,
      [organizationId, id, PING_EVENT],
    );
  }

  /** A success ends the subscription's run of failures. */
  async clearFailing(organizationId: string, id: string): Promise<void> {
    await this.db.sql.query(`UPDATE webhooks.subscriptions SET failing_since = NULL WHERE organization_id = $1 AND id = $2`, [organizationId, id]);
  }

  /** The first failure after a success starts the run. */
  async markFailing(organizationId: string, id: string): Promise<void> {
    await this.db.sql.query(`UPDATE webhooks.subscriptions SET failing_since = now() WHERE organization_id = $1 AND id = $2 AND failing_since IS NULL`, [
      organizationId,
      id,
    ]);
  }

  async disable(organizationId: string, id: string, reason: string): Promise<void> {
    await this.db.sql.query(
      `UPDATE webhooks.subscriptions SET active = false, disabled_reason = $3, updated_at = now() WHERE organization_id = $1 AND id = $2 AND active`,
      [organizationId, id, reason],
    );
  }
}
