import { z } from 'zod';

import { commaList, optionalString, sealingKey } from './env-fields.js';
import {
  AuthMode,
  LocalMfaPolicy,
  Role,
  ROLES,
  type AuthMode as AuthModeName,
} from '@ehr-gateway/contracts';

/** `gw-admins=admin,gw-devs=developer`: each group once, each role a console role. */
const roleMap = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const entries: [string, Role][] = [];
    for (const pair of value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)) {
      const at = pair.lastIndexOf('=');
      const group = pair.slice(0, at).trim();
      const role = pair.slice(at + 1).trim();
      if (at <= 0 || !(ROLES as readonly string[]).includes(role)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${pair}" is not group=role with a role of ${ROLES.join(', ')}`,
        });
        return z.NEVER;
      }
      entries.push([group, role as Role]);
    }
    return new Map(entries);
  });

/** The environment variables of single sign-on and local sign-in (docs/operations.md). */
export const SSO_ENV_FIELDS = {
  OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** private_key_jwt: a PKCS#8 PEM or a private JWK (JSON); used instead of the secret. */
  OIDC_CLIENT_PRIVATE_KEY: optionalString,
  OIDC_SCOPES: z.string().trim().default('openid email profile'),
  OIDC_DISPLAY_NAME: z.string().trim().min(1).max(60).default('single sign-on'),
  OIDC_ROLE_CLAIM: z.string().trim().min(1).max(200).default('groups'),
  OIDC_ROLE_MAP: roleMap,
  OIDC_PHI_GROUPS: commaList,
  OIDC_DEFAULT_ROLE: optionalString.pipe(Role.optional()),
  OIDC_ALLOWED_DOMAINS: commaList.transform((domains) => domains.map((d) => d.toLowerCase())),
  AUTH_MODE: optionalString.pipe(AuthMode.optional()),
  BREAK_GLASS_USERNAME: optionalString,
  LOCAL_MFA: LocalMfaPolicy.default('optional'),
  /** Seals TOTP secrets at rest; without it no one can enrol a second factor. */
  MFA_ENCRYPTION_KEY: sealingKey,
};

/** How the gateway talks to the identity provider and turns its claims into console access. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  clientPrivateKey?: string;
  scopes: string;
  displayName: string;
  /** Dotted path of the claim holding the user's groups (`groups`, `realm_access.roles`). */
  roleClaim: string;
  roleMap: Map<string, Role>;
  phiGroups: string[];
  defaultRole: Role | null;
  allowedDomains: string[];
  /** Where the provider sends the browser back: `{PUBLIC_BASE_URL}/admin/sso/callback`. */
  publicBaseUrl: string;
}

export interface SignInSettings {
  authMode: AuthModeName;
  oidc: OidcSettings | null;
  /** The one local account `sso` mode still lets in with a password; each use raises an alert. */
  breakGlassUsername?: string;
  localMfa: LocalMfaPolicy;
  /** The AES-256 key TOTP secrets are sealed with; null refuses enrolment. */
  mfaEncryptionKey?: Buffer | null;
}

type SsoEnv = z.infer<z.ZodObject<typeof SSO_ENV_FIELDS>> & { PUBLIC_BASE_URL?: string };

/** What is missing for OIDC, in words for the start-up error; empty when nothing is. */
export function ssoEnvProblems(env: SsoEnv): string[] {
  const problems: string[] = [];
  const anyOidc = env.OIDC_ISSUER || env.OIDC_CLIENT_ID;
  if (anyOidc) {
    if (!env.OIDC_ISSUER) {
      problems.push('OIDC_ISSUER: required with OIDC_CLIENT_ID');
    }
    if (!env.OIDC_CLIENT_ID) {
      problems.push('OIDC_CLIENT_ID: required with OIDC_ISSUER');
    }
    if (!env.OIDC_CLIENT_SECRET && !env.OIDC_CLIENT_PRIVATE_KEY) {
      problems.push(
        'OIDC_CLIENT_SECRET: required (or OIDC_CLIENT_PRIVATE_KEY for private_key_jwt)',
      );
    }
    if (!env.PUBLIC_BASE_URL) {
      problems.push(
        'PUBLIC_BASE_URL: required with OIDC_ISSUER (the redirect URL is built from it)',
      );
    }
    if (!env.OIDC_SCOPES.split(/\s+/).includes('openid')) {
      problems.push('OIDC_SCOPES: must include openid');
    }
  }
  if (env.LOCAL_MFA === 'required' && !env.MFA_ENCRYPTION_KEY) {
    problems.push('MFA_ENCRYPTION_KEY: required with LOCAL_MFA=required (it seals TOTP secrets)');
  }
  if (!anyOidc && (env.AUTH_MODE === 'sso' || env.AUTH_MODE === 'both')) {
    problems.push(`AUTH_MODE: ${env.AUTH_MODE} needs OIDC_ISSUER and OIDC_CLIENT_ID`);
  }
  return problems;
}

export function signInSettingsFromEnv(env: SsoEnv): SignInSettings {
  const oidc: OidcSettings | null =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.PUBLIC_BASE_URL
      ? {
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          clientPrivateKey: env.OIDC_CLIENT_PRIVATE_KEY,
          scopes: env.OIDC_SCOPES,
          displayName: env.OIDC_DISPLAY_NAME,
          roleClaim: env.OIDC_ROLE_CLAIM,
          roleMap: env.OIDC_ROLE_MAP,
          phiGroups: env.OIDC_PHI_GROUPS,
          defaultRole: env.OIDC_DEFAULT_ROLE ?? null,
          allowedDomains: env.OIDC_ALLOWED_DOMAINS,
          publicBaseUrl: env.PUBLIC_BASE_URL,
        }
      : null;
  return {
    authMode: env.AUTH_MODE ?? (oidc ? 'both' : 'local'),
    oidc,
    breakGlassUsername: env.BREAK_GLASS_USERNAME,
    localMfa: env.LOCAL_MFA,
    mfaEncryptionKey: env.MFA_ENCRYPTION_KEY ?? null,
  };
}
