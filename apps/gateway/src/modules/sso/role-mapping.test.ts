import { describe, expect, it } from 'vitest';

import { claimAt, decideAccess, groupsOf } from './role-mapping.js';

const settings = {
  roleClaim: 'groups',
  roleMap: new Map([
    ['gw-admins', 'admin'],
    ['gw-devs', 'developer'],
    ['gw-audit', 'auditor'],
  ] as const),
  phiGroups: ['gw-phi'],
  defaultRole: null,
  allowedDomains: [],
};

describe('role mapping', () => {
  it('reads nested claims by dotted path, and a key holding a dot whole', () => {
    const claims = { realm_access: { roles: ['gw-devs'] }, 'x.y': 'flat' };
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['gw-devs']);
    expect(claimAt(claims, 'x.y')).toBe('flat');
    expect(groupsOf(claims, 'realm_access.missing')).toEqual([]);
    expect(groupsOf({ groups: 'gw-audit' }, 'groups')).toEqual(['gw-audit']);
  });

  it('gives the highest mapped role whatever the order of the groups', () => {
    expect(decideAccess({ groups: ['gw-audit', 'gw-admins', 'gw-devs'] }, settings)).toMatchObject({
      granted: true,
      role: 'admin',
      phiAccess: false,
    });
    expect(decideAccess({ groups: ['gw-audit', 'gw-devs'] }, settings)).toMatchObject({
      role: 'developer',
    });
  });

  it('grants PHI access from a PHI group only', () => {
    expect(decideAccess({ groups: ['gw-audit', 'gw-phi'] }, settings)).toMatchObject({
      role: 'auditor',
      phiAccess: true,
    });
  });

  it('refuses without a mapped group unless a default role is set', () => {
    expect(decideAccess({ groups: ['staff'] }, settings)).toMatchObject({
      granted: false,
      reason: 'no-mapped-group',
    });
    expect(
      decideAccess({ groups: ['staff'] }, { ...settings, defaultRole: 'auditor' }),
    ).toMatchObject({ granted: true, role: 'auditor' });
  });

  it('refuses an email outside the allowed domains, or an unverified one', () => {
    const limited = { ...settings, allowedDomains: ['example.org'] };
    const devs = { groups: ['gw-devs'] };
    expect(decideAccess({ ...devs, email: 'a@Example.org' }, limited)).toMatchObject({
      granted: true,
    });
    for (const claims of [
      { ...devs, email: 'a@example.org.evil.test' },
      { ...devs, email: 'a@example.org', email_verified: false },
      devs,
    ]) {
      expect(decideAccess(claims, limited)).toMatchObject({ reason: 'domain-not-allowed' });
    }
  });
});
