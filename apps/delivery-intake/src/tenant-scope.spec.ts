import { findTenantScopeViolations } from '@pds/persistence/testing';
import path from 'node:path';

/**
 * Statements that read or change trash tables without leaving trashed rows out, on purpose (see
 * the `live-row` rule of tenant-scope.ts). Each needs a reason.
 */
const SEES_TRASHED = [
  // An erasure removes the stakeholder's name and address from submissions in the trash too:
  // restoring one must not bring them back.
  'intake/erasure.repository.ts#erase',
];

/** Every query of an organization's data names the organization; Prisma and SQL live in repositories. */
describe('tenant scope of the delivery context', () => {
  it('finds no query without organizationId or the live-row filter, no query outside a repository, no repository method without organizationId first', () => {
    const schema = path.join(__dirname, '../../../prisma/delivery/schema.prisma');
    expect(findTenantScopeViolations(__dirname, [schema], { seesTrashed: SEES_TRASHED })).toEqual([]);
  });
});
