import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TenantModel, readTenantModel, scanSource } from './tenant-scope';

const model: TenantModel = {
  tenantDelegates: new Set(['workItem', 'label']),
  otherDelegates: new Set(['organization']),
  tenantTables: ['delivery.work_items', 'delivery.labels', 'delivery.sprints'],
  trashTables: ['delivery.sprints'],
};
const rules = (fileName: string, text: string, seesTrashed: string[] = []) => scanSource(fileName, text, model, { seesTrashed }).map((v) => `${v.rule}@${v.at}`);

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

  it('flags SQL that reads or updates a trash table without leaving trashed rows out', () => {
    const text = `
      class SprintRepository {
        lock(organizationId: string, id: string) { return tx.$queryRawUnsafe('SELECT id FROM delivery.sprints WHERE organization_id = $1 AND id = $2 FOR UPDATE', organizationId, id); }
        close(organizationId: string) { return this.db.sql.query(\`UPDATE "delivery"."sprints" s SET status = 'CLOSED' WHERE s.organization_id = \${x}\`, []); }
        items(organizationId: string) { return this.db.sql.query('SELECT w.id FROM delivery.work_items w JOIN delivery.sprints s ON s.id = w.sprint_id WHERE w.organization_id = $1', []); }
        add(organizationId: string) { return this.db.sql.query('INSERT INTO delivery.sprints (organization_id) VALUES ($1)', []); }
      }`;
    expect(rules('sprints/sprint.repository.ts', text)).toEqual([
      'live-row@sprints/sprint.repository.ts:3',
      'live-row@sprints/sprint.repository.ts:4',
      'live-row@sprints/sprint.repository.ts:5',
    ]);
  });

  it('accepts a liveRow() interpolation, a statement that selects by deleted_at, and an allow-listed method', () => {
    const text = `
      class SprintRepository {
        lock(organizationId: string, id: string) { return tx.$queryRawUnsafe(\`SELECT id FROM delivery.sprints WHERE organization_id = $1 AND \${liveRow()} FOR UPDATE\`, organizationId); }
        purge(organizationId: string) { return this.db.sql.query('DELETE FROM delivery.sprints WHERE organization_id = $1 AND deleted_at < now()', []); }
        restore(organizationId: string) { return this.db.sql.query('UPDATE delivery.sprints SET deleted_at = NULL WHERE organization_id = $1', []); }
        erase(organizationId: string) { return this.db.sql.query('UPDATE delivery.sprints SET name = NULL WHERE organization_id = $1', []); }
      }
      const ALL = 'SELECT id FROM delivery.sprints WHERE organization_id = $1';`;
    expect(rules('sprints/sprint.repository.ts', text, ['sprints/sprint.repository.ts#erase', 'sprints/sprint.repository.ts#ALL'])).toEqual([]);
    expect(rules('sprints/sprint.repository.ts', text)).toEqual(['live-row@sprints/sprint.repository.ts:6', 'live-row@sprints/sprint.repository.ts:8']);
  });

  it('reads trash tables (models with deletedBy) from the schema', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tenant-scope-'));
    const schema = path.join(dir, 'schema.prisma');
    writeFileSync(
      schema,
      [
        'model Sprint {\n  id String\n  organizationId String\n  deletedAt DateTime?\n  deletedBy String?\n  @@map("sprints")\n  @@schema("delivery")\n}',
        // A branch deleted in Git is not in the trash: no deletedBy.
        'model Branch {\n  id String\n  organizationId String\n  deletedAt DateTime?\n  @@map("branches")\n  @@schema("repos")\n}',
      ].join('\n'),
    );
    try {
      expect(readTenantModel([schema])).toMatchObject({ tenantTables: ['delivery.sprints', 'repos.branches'], trashTables: ['delivery.sprints'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
