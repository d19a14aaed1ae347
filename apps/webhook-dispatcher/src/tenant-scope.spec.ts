import { findTenantScopeViolations } from '@pds/persistence/testing';
import path from 'node:path';

/** Every query of an organization's data names the organization; Prisma and SQL live in repositories. */
describe('tenant scope of the webhooks context', () => {
  it('finds no query without organizationId, no query outside a repository, no repository method without organizationId first', () => {
    const schema = path.join(__dirname, '../../../prisma/webhooks/schema.prisma');
    expect(findTenantScopeViolations(__dirname, [schema])).toEqual([]);
  });
});
