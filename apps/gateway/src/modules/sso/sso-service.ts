import * as client from 'openid-client';

import type { SsoRefusal } from '@ehr-gateway/contracts';

import type { OidcSettings } from '../../config/settings.js';
import type { ClientInfo, ExternalAccount, ExternalAccounts } from '../admin-auth/index.js';
import type { AuditContext, AuditModule } from '../audit/index.js';
import type { OidcClient, VerifiedSignIn } from './oidc-client.js';
import { decideAccess } from './role-mapping.js';
import type { SsoRepository } from './sso-repository.js';
import type { createTransactionSealer } from './transaction-cookie.js';

export type SignInOutcome =
  { granted: true; token: string; maxAgeSeconds: number } | { granted: false; reason: SsoRefusal };

interface Deps {
  settings: OidcSettings;
  oidc: OidcClient;
  sealer: ReturnType<typeof createTransactionSealer>;
  repository: SsoRepository;
  accounts: ExternalAccounts;
  audit: Pick<AuditModule, 'record'>;
  now?: () => Date;
}

const USERNAME_CHARACTERS = /[^A-Za-z0-9._@-]/g;

/** The console username of a new SSO user: their email, else the provider's username, else sub. */
export function usernameFrom(claims: Record<string, unknown>, subject: string): string {
  const candidates = [claims.email, claims.preferred_username, `sso-${subject}`];
  const chosen = candidates.find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  )!;
  const cleaned = chosen.toLowerCase().replace(USERNAME_CHARACTERS, '-').slice(0, 64);
  return cleaned.length >= 3 ? cleaned : `sso-${cleaned}`;
}

const displayNameFrom = (claims: Record<string, unknown>, username: string) =>
  (typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : username).slice(
    0,
    100,
  );

const accessView = (account: Pick<ExternalAccount, 'role' | 'phiAccess' | 'displayName'>) => ({
  role: account.role,
  phiAccess: account.phiAccess,
  displayName: account.displayName,
});

/** Why openid-client refused the provider's answer, in words for the audit trail (no tokens). */
function failureOf(error: unknown): string {
  if (!(error instanceof Error)) {
    return 'unknown';
  }
  const code = (error as { code?: string }).code ?? error.name;
  // The cause names the check that failed (signature, "exp", "aud", "nonce"…).
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${code}: ${error.message}${cause}`.slice(0, 300);
}

/**
 * OIDC sign-in: the redirect to the provider, and the callback that verifies its answer, decides
 * the user's access from their groups, creates or re-syncs their console account and opens a
 * session. Every outcome is in the audit trail.
 */
export function createSsoService({
  settings,
  oidc,
  sealer,
  repository,
  accounts,
  audit,
  now = () => new Date(),
}: Deps) {
  async function refuse(
    context: AuditContext,
    reason: SsoRefusal,
    details: Record<string, unknown> = {},
  ): Promise<SignInOutcome> {
    await audit.record(context, {
      action: 'sso-sign-in-refused',
      result: 'denied',
      details: { reason, ...details },
    });
    return { granted: false, reason };
  }

  /** The account for this identity: found and re-synced, or created; a reason when refused. */
  async function syncAccount(
    verified: VerifiedSignIn,
    access: { role: ExternalAccount['role']; phiAccess: boolean },
    context: AuditContext,
  ): Promise<ExternalAccount | SsoRefusal> {
    const identity = await repository.findIdentity(verified.issuer, verified.subject);
    const known = identity && (await accounts.find(identity.userId));
    if (!known) {
      const username = usernameFrom(verified.claims, verified.subject);
      const created = await accounts.create({
        username,
        displayName: displayNameFrom(verified.claims, username),
        ...access,
      });
      if (created) {
        await audit.record(
          { ...context, actor: { type: 'system', id: null, name: 'single sign-on' } },
          {
            action: 'user-created',
            target: created.username,
            details: { after: accessView(created), source: 'sso' },
          },
        );
      }
      return created ?? 'username-taken';
    }
    if (!known.active) {
      return 'user-deactivated';
    }
    const wanted = { ...access, displayName: displayNameFrom(verified.claims, known.username) };
    const changed = Object.entries(wanted).some(
      ([field, value]) => known[field as keyof typeof wanted] !== value,
    );
    if (!changed) {
      return known;
    }
    const updated = (await accounts.updateAccess(known.id, wanted))!;
    await audit.record(
      { ...context, actor: { type: 'system', id: null, name: 'single sign-on' } },
      {
        action: 'sso-access-synced',
        target: known.username,
        details: { before: accessView(known), after: accessView(updated) },
      },
    );
    return updated;
  }

  return {
    /** Where to send the browser, and the sealed checks its callback must match. */
    async start(): Promise<{ url: string; transaction: string }> {
      const checks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      return {
        url: (await oidc.authorizationUrl(checks)).toString(),
        transaction: sealer.seal(checks),
      };
    },

    async complete(
      callbackQuery: string,
      transaction: string | undefined,
      client: ClientInfo,
    ): Promise<SignInOutcome> {
      const context: AuditContext = {
        actor: { type: 'anonymous', id: null, name: null },
        ip: client.ip,
        userAgent: client.userAgent,
      };
      const checks = sealer.open(transaction);
      if (!checks) {
        return refuse(context, 'token-invalid', {
          problem: 'no valid sign-in transaction (cookie missing, altered or expired)',
        });
      }
      const providerError = new URLSearchParams(callbackQuery).get('error');
      if (providerError) {
        return refuse(context, 'provider-error', { problem: providerError.slice(0, 100) });
      }
      let verified: VerifiedSignIn;
      try {
        verified = await oidc.complete(callbackQuery, checks);
      } catch (error) {
        return refuse(context, 'token-invalid', { problem: failureOf(error) });
      }
      const decision = decideAccess(verified.claims, settings);
      const identity = await repository.findIdentity(verified.issuer, verified.subject);
      const named = {
        ...context,
        actor: {
          ...context.actor,
          id: identity?.userId ?? null,
          name: usernameFrom(verified.claims, verified.subject),
        },
      };
      if (!decision.granted) {
        // Removed from every mapped group (or moved out of the domain): whatever they had open ends now.
        const endedSessions = identity ? await accounts.endSessions(identity.userId) : 0;
        return refuse(named, decision.reason, { groups: decision.groups, endedSessions });
      }
      const account = await syncAccount(
        verified,
        { role: decision.role, phiAccess: decision.phiAccess },
        named,
      );
      if (typeof account === 'string') {
        return refuse(named, account, { groups: decision.groups });
      }
      await repository.saveIdentity({
        userId: account.id,
        issuer: verified.issuer,
        subject: verified.subject,
        email: typeof verified.claims.email === 'string' ? verified.claims.email : null,
        groups: decision.groups,
        syncedAt: now(),
      });
      const session = await accounts.openSession(account.id, client);
      await repository.linkSession(session.sessionId, verified.idToken);
      await audit.record(
        { ...context, actor: { type: 'user', id: account.id, name: account.username } },
        {
          action: 'sso-sign-in',
          target: account.username,
          details: { role: account.role, phiAccess: account.phiAccess, groups: decision.groups },
        },
      );
      return { granted: true, token: session.token, maxAgeSeconds: session.maxAgeSeconds };
    },

    /** The provider's end-session URL for the session a cookie names, if it began with SSO. */
    async endSessionUrl(token: string | undefined): Promise<string | null> {
      const session = await accounts.sessionOf(token);
      const idToken = session && (await repository.idTokenOf(session.sessionId));
      if (!idToken) {
        return null;
      }
      // A provider that cannot be reached must not keep anyone signed in to the console.
      return oidc.endSessionUrl(idToken, `${settings.publicBaseUrl}/`).catch(() => null);
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
