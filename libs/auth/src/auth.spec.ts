import { Role } from '@pds/contracts';
import { displayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey, safeEqual } from './api-key';
import { Permission, ROLE_PERMISSIONS, assertCan, can } from './permissions';
import { roleAtMost } from './roles';

describe('API keys', () => {
  it('start with pos_sk_ and carry 32 random bytes', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^pos_sk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(7), 'base64url')).toHaveLength(32);
    expect(generateApiKey()).not.toBe(key);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('are stored as a SHA-256 hash and displayed by prefix only', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(displayPrefix(key)).toBe(key.slice(0, 13));
  });

  it('reject malformed values', () => {
    for (const value of ['', 'pos_sk_', 'sk_live_abc', `pos_sk_${'a'.repeat(42)}`, `pos_sk_${'a'.repeat(43)}!`]) {
      expect(isWellFormedApiKey(value)).toBe(false);
    }
  });

  it('compare in constant time without throwing on length mismatch', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('roles and permissions', () => {
  it('order roles ADMIN > PM > DEV > STAKEHOLDER > GUEST', () => {
    expect(roleAtMost(Role.DEV, Role.PM)).toBe(true);
    expect(roleAtMost(Role.PM, Role.DEV)).toBe(false);
    expect(roleAtMost(Role.GUEST, Role.STAKEHOLDER)).toBe(true);
  });

  it('give every role read access and only ADMIN identity management', () => {
    for (const role of Object.values(Role)) expect(can(role, Permission.Read)).toBe(true);
    expect(Object.values(Role).filter((role) => can(role, Permission.IdentityManage))).toEqual([Role.ADMIN]);
  });

  it('keep higher roles a superset of lower ones', () => {
    const order = [Role.GUEST, Role.STAKEHOLDER, Role.DEV, Role.PM, Role.ADMIN];
    for (let i = 1; i < order.length; i += 1) {
      for (const permission of ROLE_PERMISSIONS[order[i - 1]]) expect(can(order[i], permission)).toBe(true);
    }
  });

  it('throw Forbidden with the missing permission', () => {
    const auth = { organizationId: 'o', userId: 'u', keyId: 'k', role: Role.GUEST };
    expect(() => assertCan(auth, Permission.DeliveryWrite)).toThrow(expect.objectContaining({ code: 'Forbidden' }));
  });
});
