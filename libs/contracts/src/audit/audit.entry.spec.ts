import { AuditActorType, AuditVia, Role } from '../common/enums';
import { AUDIT_TEXT_LIMIT, auditEntry, auditText, changesOf } from './audit.entry';

const auth = { organizationId: 'o', userId: '11111111-1111-4111-8111-111111111111', role: Role.ADMIN, keyId: 'k' };

describe('changesOf', () => {
  it('names each field that differs with its old and new value; equal arrays and objects are no change', () => {
    expect(changesOf({ title: 'a', labels: ['x'], meta: { n: 1 } }, { title: 'b', labels: ['x'], meta: { n: 1 } })).toEqual({ title: { from: 'a', to: 'b' } });
    expect(changesOf({ title: 'a' }, { title: 'a' })).toBeNull();
  });

  it('looks only at the fields named, and at none the new value lacks', () => {
    expect(changesOf({ a: 1, b: 1 }, { a: 2, b: 2 }, ['a'])).toEqual({ a: { from: 1, to: 2 } });
    expect(changesOf({ a: 1 }, {} as { a?: number }, ['a'])).toBeNull();
  });

  it('cuts long texts, and never writes secrets, timestamps or a stakeholder’s contact data', () => {
    const long = 'y'.repeat(AUDIT_TEXT_LIMIT + 50);
    const changes = changesOf(
      { description: null, secret: 's1', apiKey: 'k1', submitterEmail: 'a@b.c', submitterName: 'Pat', email: 'x@y.z', updatedAt: '1' },
      { description: long, secret: 's2', apiKey: 'k2', submitterEmail: 'd@e.f', submitterName: 'Sam', email: 'u@v.w', updatedAt: '2' },
    );
    expect(changes).toEqual({ description: { from: null, to: auditText(long) } });
    expect(auditText(long)).toHaveLength(AUDIT_TEXT_LIMIT + 1);
  });
});

describe('auditEntry', () => {
  it('takes the actor and the edge from the caller’s auth; no edge is SYSTEM', () => {
    const entry = auditEntry({ ...auth, via: AuditVia.MCP }, { action: 'created', record: { type: 'work_item', id: 'r', key: 'WI-1' } }, 'e', 't', 'req');
    expect(entry).toEqual({
      id: 'e',
      at: 't',
      actor: { type: AuditActorType.USER, userId: auth.userId, apiKeyId: 'k', name: null },
      via: AuditVia.MCP,
      action: 'created',
      record: { type: 'work_item', id: 'r', key: 'WI-1' },
      changes: null,
      requestId: 'req',
    });
    expect(auditEntry(auth, { action: 'x', record: { type: 'label', id: 'r' } }, 'e', 't', null).via).toBe(AuditVia.SYSTEM);
  });

  it('names a repository automation by its connection, with no user; a keyless source by its kind', () => {
    const automation = auditEntry({ ...auth, userId: '00000000-0000-0000-0000-000000000000', keyId: 'conn', via: AuditVia.GIT }, { action: 'updated', record: { type: 'work_item', id: 'r' } }, 'e', 't', null);
    expect(automation.actor).toEqual({ type: 'AUTOMATION', userId: null, apiKeyId: 'conn', name: 'Repository automation' });
    const portal = auditEntry({ organizationId: 'o', actor: 'PORTAL', via: AuditVia.PORTAL }, { action: 'voted', record: { type: 'intake', id: 'r' } }, 'e', 't', null);
    expect(portal).toMatchObject({ actor: { type: 'PORTAL', userId: null, apiKeyId: null, name: 'Portal' }, via: 'PORTAL', record: { key: null } });
  });
});
