import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, Database } from '@pds/persistence';

/**
 * Users' current names by id, for reads that show who did something (the audit log stores user ids
 * only, so a rename shows at once). One prepared statement with the ids as one array parameter, so
 * one text and one plan whatever the page holds; it skips Prisma, whose query building and row
 * mapping were about a fifth of the gateway's CPU per audit read (docs/benchmarks.md).
 */
@Injectable()
export class UserNameRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async names(organizationId: string, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.sql.query<{ id: string; name: string }>(
      'SELECT id, name FROM identity.users WHERE organization_id = $1 AND id = ANY($2::uuid[])',
      [organizationId, ids],
      'identity_user_names',
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
