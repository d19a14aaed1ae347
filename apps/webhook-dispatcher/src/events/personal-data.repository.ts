import { Inject, Injectable } from '@nestjs/common';
import { ERASED, WebhookErasureCounts } from '@pds/contracts';
import { DATABASE, Database } from '@pds/persistence';

/**
 * Where the dispatcher may hold a stakeholder's address: the stored event bodies (the log and what
 * every delivery sends), a delivery's recorded error, an attempt's recorded response body (a
 * receiver may echo anything). Each occurrence is replaced in place, in one statement.
 */
@Injectable()
export class PersonalDataRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** `pattern` is a PostgreSQL regular expression matched case-insensitively (emailAddressPattern). */
  async erase(organizationId: string, pattern: string): Promise<WebhookErasureCounts> {
    const [row] = await this.db.sql.query<WebhookErasureCounts>(
      `WITH ev AS (
         UPDATE webhooks.events SET body = regexp_replace(body, $2, $3, 'gi')
          WHERE organization_id = $1 AND body ~* $2 RETURNING 1),
       dl AS (
         UPDATE webhooks.deliveries SET error = regexp_replace(error, $2, $3, 'gi')
          WHERE organization_id = $1 AND error ~* $2 RETURNING 1),
       at AS (
         UPDATE webhooks.attempts a
            SET response_body = regexp_replace(a.response_body, $2, $3, 'gi'), error = regexp_replace(a.error, $2, $3, 'gi')
           FROM webhooks.deliveries d
          WHERE d.organization_id = $1 AND a.delivery_id = d.id AND (a.response_body ~* $2 OR a.error ~* $2) RETURNING 1)
       SELECT (SELECT count(*)::int FROM ev) AS events, (SELECT count(*)::int FROM dl) AS deliveries, (SELECT count(*)::int FROM at) AS attempts`,
      [organizationId, pattern, ERASED],
    );
    return row;
  }
}
