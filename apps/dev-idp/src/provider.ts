import type { JWK } from 'jose';
import Provider, {
  type ClientMetadata,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';

import { applyIdTokenFault, type IdTokenFault } from './faults.js';
import { escapeHtml, page } from './html.js';
import type { UserStore } from './users.js';

/** The scopes the IdP grants without asking (a development IdP has no consent screen). */
const GRANTED_SCOPES = 'openid email profile groups';

/**
 * Which claims each scope releases. Groups come with `profile` as well as their own scope, so the
 * gateway's default OIDC_SCOPES (openid email profile) sees them, as Keycloak's group mapper does.
 */
const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username', 'groups'],
  groups: ['groups'],
};

export interface ProviderOptions {
  issuer: string;
  clients: ClientMetadata[];
  users: UserStore;
  signingJwk: JWK;
  cookieKeys: string[];
  /** The fault the next token response carries, taken (and so cleared) when it is used. */
  takeIdTokenFault: () => IdTokenFault | null;
}

/** Short lifetimes: nothing a development IdP issues should outlive a test run or a demo. */
const TTL: Configuration['ttl'] = {
  AccessToken: 600,
  AuthorizationCode: 60,
  IdToken: 600,
  Interaction: 600,
  Session: 8 * 3_600,
  Grant: 8 * 3_600,
};

export function createProvider(options: ProviderOptions): Provider {
  const configuration: Configuration = {
    clients: options.clients,
    jwks: { keys: [options.signingJwk] },
    cookies: { keys: options.cookieKeys },
    claims: CLAIMS,
    scopes: ['openid', 'offline_access', 'email', 'profile', 'groups'],
    pkce: { required: () => true },
    ttl: TTL,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Something went wrong</h1><p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p>`,
      );
    },
    findAccount: (_ctx, sub) => {
      const user = options.users.bySub(sub);
      if (!user) {
        return undefined;
      }
      return {
        accountId: user.sub,
        // Read at each token and userinfo request, so a change of groups shows at the next sign-in.
        claims: () => {
          const current = options.users.bySub(sub) ?? user;
          return {
            sub: current.sub,
            email: current.email,
            email_verified: true,
            name: current.name,
            preferred_username: current.username,
            groups: current.groups,
          };
        },
      };
    },
    // First-party clients only: every sign-in is granted the scopes without a consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { provider, session, client, result } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
      if (grantId) {
        return provider.Grant.find(grantId);
      }
      const grant = new provider.Grant({
        clientId: client!.clientId,
        accountId: session!.accountId,
      });
      grant.addOIDCScope(GRANTED_SCOPES);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path === '/token' && typeof body?.id_token === 'string') {
      const fault = options.takeIdTokenFault();
      if (fault) {
        body.id_token = await applyIdTokenFault(body.id_token, fault, options.signingJwk);
      }
    }
  });
  return provider;
}

/** Signs out without a question: the console asked for it and a test has no one to click. */
function logoutSource(ctx: KoaContextWithOIDC, form: string) {
  ctx.type = 'html';
  ctx.body = page(
    'Signing out',
    `<h1>Signing you out…</h1>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.type = 'html';
  ctx.body = page('Signed out', '<h1>Signed out</h1><p>You have signed out of the Demo IdP.</p>');
}
