import * as client from 'openid-client';
import { importJWK, importPKCS8, type JWK } from 'jose';

import { ssoPath } from '@ehr-gateway/contracts';

import type { OidcSettings } from '../../config/settings.js';

/** What a verified sign-in tells the gateway: the ID token's claims merged with userinfo's. */
export interface VerifiedSignIn {
  claims: Record<string, unknown>;
  subject: string;
  issuer: string;
  idToken: string;
}

export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A private_key_jwt key: a PKCS#8 PEM (RS256) or a private JWK naming its own alg and kid. */
async function privateKeyOf(text: string): Promise<client.PrivateKey> {
  if (text.trimStart().startsWith('{')) {
    const jwk = JSON.parse(text) as JWK;
    const key = await importJWK(jwk, jwk.alg ?? 'RS256');
    return { key: key as client.PrivateKey['key'], kid: jwk.kid };
  }
  return { key: await importPKCS8(text.replace(/\\n/g, '\n'), 'RS256') };
}

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const auth = settings.clientPrivateKey
    ? client.PrivateKeyJwt(await privateKeyOf(settings.clientPrivateKey))
    : client.ClientSecretBasic(settings.clientSecret);
  // Plain HTTP only to this machine (the development IdP); anything else must be HTTPS.
  const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
  const config = await client.discovery(
    issuer,
    settings.clientId,
    { [client.clockTolerance]: 30 },
    auth,
    { execute: insecure ? [client.allowInsecureRequests] : [] },
  );
  // openid-client trusts an ID token from the token endpoint by TLS alone; this checks its
  // signature against the issuer's JWKS as well.
  client.enableNonRepudiationChecks(config);
  return config;
}

/**
 * The gateway's relying party: discovery happens at the first sign-in (and again after a failed
 * one), so a provider that is down at start does not stop the gateway.
 */
export function createOidcClient(settings: OidcSettings) {
  let configuration: Promise<client.Configuration> | undefined;
  const config = () => {
    configuration ??= discover(settings).catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  };
  const redirectUri = `${settings.publicBaseUrl}${ssoPath('callback')}`;

  return {
    redirectUri,

    async authorizationUrl(checks: SignInChecks): Promise<URL> {
      return client.buildAuthorizationUrl(await config(), {
        redirect_uri: redirectUri,
        scope: settings.scopes,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /** Exchanges the code and verifies the ID token (signature, iss, aud, exp, nonce) and state. */
    async complete(callbackQuery: string, checks: SignInChecks): Promise<VerifiedSignIn> {
      const current = await config();
      const tokens = await client.authorizationCodeGrant(
        current,
        new URL(`${redirectUri}?${callbackQuery}`),
        {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        },
      );
      const idClaims = tokens.claims()!;
      const userinfo = await client.fetchUserInfo(current, tokens.access_token, idClaims.sub);
      return {
        // The ID token's claims win where both speak: it is the signed statement.
        claims: { ...userinfo, ...idClaims },
        subject: idClaims.sub,
        issuer: idClaims.iss,
        idToken: tokens.id_token!,
      };
    },

    /** The provider's end-session URL for this sign-in, or null when it offers none. */
    async endSessionUrl(
      idTokenHint: string,
      postLogoutRedirectUri: string,
    ): Promise<string | null> {
      const current = await config();
      if (!current.serverMetadata().end_session_endpoint) {
        return null;
      }
      return client
        .buildEndSessionUrl(current, {
          id_token_hint: idTokenHint,
          post_logout_redirect_uri: postLogoutRedirectUri,
        })
        .toString();
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
