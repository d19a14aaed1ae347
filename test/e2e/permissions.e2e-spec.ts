/**
 * The permission matrix of docs/permissions.md, as one table: every operation is tried by every
 * role; a role outside `allowed` must get 403 Forbidden, a role inside must not.
 */
import { ApiClient, TestOrganization, createMember, createOrganization } from './support/client';
import { AUDIT_CASES } from './permissions/audit.table';
import { DELIVERY_CASES } from './permissions/delivery.table';
import { IDENTITY_CASES } from './permissions/identity.table';
import { PermissionCase, ROLES, RoleName } from './permissions/permission-case';
import { REPO_CASES } from './permissions/repos.table';
import { STRATEGY_CASES } from './permissions/strategy.table';
import { TRASH_CASES } from './permissions/trash.table';
import { WEBHOOK_CASES } from './permissions/webhooks.table';

const TABLE: PermissionCase[] = [...IDENTITY_CASES, ...STRATEGY_CASES, ...DELIVERY_CASES, ...WEBHOOK_CASES, ...REPO_CASES, ...TRASH_CASES, ...AUDIT_CASES];

describe('permission matrix', () => {
  let org: TestOrganization;
  const clients = {} as Record<RoleName, ApiClient>;

  beforeAll(async () => {
    org = await createOrganization();
    clients.ADMIN = org.api;
    for (const role of ROLES.filter((r) => r !== 'ADMIN')) clients[role] = (await createMember(org, role)).api;
  });

  describe.each(TABLE.map((row) => [row.operation, row] as const))('%s', (_operation, row) => {
    let ctx: unknown;
    beforeAll(async () => {
      ctx = row.setup ? await row.setup(org) : undefined;
    });

    it.each(ROLES.map((role) => [role, row.allowed.includes(role)] as const))('%s allowed: %s', async (role, allowed) => {
      const response = await row.run(clients[role], ctx, role);
      if (allowed) {
        // On failure this shows the error body rather than just a status.
        expect(response.status < 400 ? 'succeeded' : { status: response.status, body: response.body }).toBe('succeeded');
      } else {
        expect(response.status).toBe(403);
        expect(response.body.error).toBe('Forbidden');
      }
    });
  });
});
