import { ROLES, type Role, type SsoRefusal } from '@ehr-gateway/contracts';

import type { OidcSettings } from '../../config/settings.js';

/** A claim by dotted path (`realm_access.roles`); a key that itself holds a dot is tried whole first. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) {
    return claims[path];
  }
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The user's groups: a list of names, or one name (some providers send a single string). */
export function groupsOf(claims: Record<string, unknown>, path: string): string[] {
  const value = claimAt(claims, path);
  if (typeof value === 'string') {
    return [value];
  }
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

/** ROLES lists the most powerful first, so the lowest index wins. */
const rank = (role: Role) => ROLES.indexOf(role);

export type AccessDecision =
  { granted: true; role: Role; phiAccess: boolean } | { granted: false; reason: SsoRefusal };

/**
 * Who gets in with which role: the highest role any group maps to, else OIDC_DEFAULT_ROLE, else no
 * entry; PHI access when any group is a PHI group; an email outside OIDC_ALLOWED_DOMAINS is refused
 * before groups are looked at.
 */
export function decideAccess(
  claims: Record<string, unknown>,
  settings: Pick<
    OidcSettings,
    'roleClaim' | 'roleMap' | 'phiGroups' | 'defaultRole' | 'allowedDomains'
  >,
): AccessDecision & { groups: string[] } {
  const groups = groupsOf(claims, settings.roleClaim);
  if (settings.allowedDomains.length > 0) {
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
    const domain = email.slice(email.lastIndexOf('@') + 1);
    // An unverified address proves nothing about who the user works for.
    if (
      !email.includes('@') ||
      claims.email_verified === false ||
      !settings.allowedDomains.includes(domain)
    ) {
      return { granted: false, reason: 'domain-not-allowed', groups };
    }
  }
  const mapped = groups
    .map((group) => settings.roleMap.get(group))
    .filter((role): role is Role => role !== undefined)
    .sort((a, b) => rank(a) - rank(b));
  const role = mapped[0] ?? settings.defaultRole;
  if (!role) {
    return { granted: false, reason: 'no-mapped-group', groups };
  }
  const phiAccess = groups.some((group) => settings.phiGroups.includes(group));
  return { granted: true, role, phiAccess, groups };
}
