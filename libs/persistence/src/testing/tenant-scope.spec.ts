import { TenantModel, scanSource } from './tenant-scope';

const model: TenantModel = {
  tenantDelegates: new Set(['workItem', 'label']),
  otherDelegates: new Set(['organization']),
  tenantTables: ['delivery.work_items', 'delivery.labels'],
};
const rules = (fileName: string, text: string) => scanSource(fileName, text, model).map((v) => `${v.rule}@${v.at}`);

describe('tenant-scope scanner', () => {
  it('accepts a repository whose queries all name the organization, literally or through a local constant or spread', () => {
    const text = `
      class WorkItemRepository {
        find(organizationId: string, id: string) { return this.prisma.workItem.findFirst({ where: { organizationId, id } }); }
        list(organizationId: string, status?: string) {
          const where = { organizationId, ...(status ? { status } : {}) };
          return this.prisma.workItem.findMany({ where });
        }
        update(organizationId: string, id: string, data: object) { return tx.workItem.update({ where: { id, organizationId }, data }); }
        create(organizationId: string, data: object) { return tx.workItem.create({ data: { ...data, organizationId } }); }
        lock(organizationId: string, id: string) { return tx.$queryRawUnsafe('SELECT id FROM delivery.work_items WHERE organization_id = $1 AND id = $2 FOR UPDATE', organizationId, id); }
        org(organizationId: string) { return this.prisma.organization.findUnique({ where: { id: organizationId } }); }
      }`;
    expect(rules('work-items/work-item.repository.ts', text)).toEqual([]);
  });

  it('flags an update, delete or read by bare id, and a create without the organization', () => {
    const text = `
      class WorkItemRepository {
        update(organizationId: string, id: string, data: object) { return tx.workItem.update({ where: { id }, data }); }
        remove(organizationId: string, id: string) { return this.prisma.label.deleteMany({ where: { id } }); }
        all(organizationId: string) { return this.prisma.workItem.findMany(); }
        create(organizationId: string, data: object) { return tx.label.create({ data }); }
      }`;
    expect(rules('work-items/work-item.repository.ts', text)).toEqual([
      'tenant-where@work-items/work-item.repository.ts:3',
      'tenant-where@work-items/work-item.repository.ts:4',
      'tenant-where@work-items/work-item.repository.ts:5',
      'tenant-where@work-items/work-item.repository.ts:6',
    ]);
  });

  it('treats a generic delegate called with a where as a tenant model', () => {
    const text = `class PlainRecordRepository { update(organizationId: string, id: string) { return this.delegate.update({ where: { id }, data: {} }); } }`;
    expect(rules('common/plain-record.repository.ts', text)).toEqual(['tenant-where@common/plain-record.repository.ts:1']);
  });

  it('flags SQL on a tenant table that never mentions organization_id, in plain and template strings', () => {
    const text = `
      class LabelRepository {
        a(organizationId: string) { return this.db.sql.query('UPDATE delivery.labels SET name = $2 WHERE id = $1', []); }
        b(organizationId: string) { return this.db.sql.query(\`SELECT * FROM "delivery"."work_items" w WHERE w.id = \${x}\`, []); }
      }`;
    expect(rules('labels/label.repository.ts', text)).toEqual(['tenant-sql@labels/label.repository.ts:3', 'tenant-sql@labels/label.repository.ts:4']);
  });

  it('flags Prisma and SQL outside repositories', () => {
    const text = `
      class LabelService {
        a(organizationId: string) { return this.prisma.label.findMany({ where: { organizationId } }); }
        b() { return this.db.sql.query('SELECT 1', []); }
        c() { return nextKeyNumber(tx, 'delivery', org, 'x'); }
      }`;
    expect(rules('labels/label.service.ts', text)).toEqual([
      'repository-only@labels/label.service.ts:3',
      'repository-only@labels/label.service.ts:4',
      'repository-only@labels/label.service.ts:5',
    ]);
  });

  it('flags a public repository method that does not take organizationId first', () => {
    const text = `class LabelRepository { find(id: string, organizationId: string) { return null; } private helper(x: string) { return x; } }`;
    expect(rules('labels/label.repository.ts', text)).toEqual(['organization-first@labels/label.repository.ts:1']);
  });

  it('exempts what a comment declares to span organizations', () => {
    const text = `
      class DeliveryRepository {
        /** tenant-scope: all organizations. The worker serves every tenant. */
        claimDue(limit: number) { return this.db.sql.query('UPDATE delivery.work_items SET x = 1 WHERE id IN (SELECT id LIMIT $1)', [limit]); }
      }`;
    expect(rules('deliveries/delivery.repository.ts', text)).toEqual([]);
  });
});
