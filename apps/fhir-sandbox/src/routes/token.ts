import { timingSafeEqual } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import {
  AssertionRefused,
  ASSERTION_ALGORITHMS,
  CLIENT_ASSERTION_TYPE,
} from '../smart/assertion.js';
import { grantScopes } from '../smart/scopes.js';
import { FHIR_BASE_PATH, TOKEN_PATH, type SandboxState } from '../state.js';

/**
 * The SMART Backend Services authorization server: discovery at
 * `{base}/.well-known/smart-configuration`, and `POST /oauth2/token` with
 * `grant_type=client_credentials`, authenticated by a signed client assertion (private_key_jwt) or
 * HTTP Basic (client_secret_basic). Errors are OAuth's (RFC 6749 §5.2).
 */

type TokenForm = Record<string, string | undefined>;

class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function basicClient(state: SandboxState, header: string): string {
  const decoded = Buffer.from(header.slice('basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const [id, secret] =
    colon < 0 ? [decoded, ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
  const clientId = decodeURIComponent(id);
  const client = state.clients.get(clientId);
  if (!client?.clientSecret || !sameSecret(decodeURIComponent(secret), client.clientSecret)) {
    throw new OAuthError(
      401,
      'invalid_client',
      'client authentication failed (client_secret_basic)',
    );
  }
  return clientId;
}

async function authenticate(state: SandboxState, request: FastifyRequest, form: TokenForm) {
  const authorization = request.headers.authorization ?? '';
  if (form.client_assertion || form.client_assertion_type) {
    if (form.client_assertion_type !== CLIENT_ASSERTION_TYPE || !form.client_assertion) {
      throw new OAuthError(
        400,
        'invalid_request',
        `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}, with a client_assertion`,
      );
    }
    const tokenUrl = `${state.origin(request)}${TOKEN_PATH}`;
    try {
      return await state.verifyAssertion(form.client_assertion, {
        tokenUrl,
        clientIdParam: form.client_id,
      });
    } catch (error) {
      if (error instanceof AssertionRefused) {
        throw new OAuthError(400, 'invalid_client', error.message);
      }
      throw error;
    }
  }
  if (/^basic /i.test(authorization)) {
    return basicClient(state, authorization);
  }
  throw new OAuthError(
    400,
    'invalid_client',
    'no client authentication: send a client_assertion (private_key_jwt) or HTTP Basic credentials',
  );
}

function refuse(state: SandboxState, reply: FastifyReply, error: OAuthError) {
  state.stats.tokenRefused(error.error);
  if (error.status === 401) {
    reply.header('www-authenticate', 'Basic realm="fhir-sandbox"');
  }
  return reply
    .code(error.status)
    .header('cache-control', 'no-store')
    .send({ error: error.error, error_description: error.message });
}

export function tokenRoutes(state: SandboxState) {
  const configuration = (request: FastifyRequest) => {
    const origin = state.origin(request);
    return {
      issuer: origin,
      token_endpoint: `${origin}${TOKEN_PATH}`,
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_basic'],
      token_endpoint_auth_signing_alg_values_supported: ASSERTION_ALGORITHMS,
      grant_types_supported: ['client_credentials'],
      scopes_supported: ['system/*.read', 'system/*.write', 'system/*.rs', 'system/*.cruds'],
      capabilities: [
        'client-confidential-asymmetric',
        'client-confidential-symmetric',
        'permission-v1',
        'permission-v2',
      ],
    };
  };

  return async (app: FastifyInstance) => {
    app.get(`${FHIR_BASE_PATH}/.well-known/smart-configuration`, async (request) =>
      configuration(request),
    );
    app.get('/.well-known/smart-configuration', async (request) => configuration(request));

    app.post<{ Body: TokenForm | undefined }>(TOKEN_PATH, async (request, reply) => {
      state.stats.tokenRequest();
      const form = request.body ?? {};
      try {
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          throw new OAuthError(
            400,
            'invalid_request',
            'the body must be application/x-www-form-urlencoded',
          );
        }
        if (form.grant_type !== 'client_credentials') {
          throw form.grant_type
            ? new OAuthError(400, 'unsupported_grant_type', 'only client_credentials is offered')
            : new OAuthError(400, 'invalid_request', 'grant_type is required');
        }
        const clientId = await authenticate(state, request, form);
        const grant = grantScopes(form.scope, state.clients.get(clientId)!.scopes);
        if ('error' in grant) {
          throw new OAuthError(400, 'invalid_scope', grant.error);
        }
        const { token, expiresIn } = state.tokens.issue(clientId, grant.granted);
        state.stats.tokenIssued();
        return reply.header('cache-control', 'no-store').send({
          access_token: token,
          token_type: 'bearer',
          expires_in: expiresIn,
          scope: grant.granted.join(' '),
        });
      } catch (error) {
        if (error instanceof OAuthError) {
          return refuse(state, reply, error);
        }
        throw error;
      }
    });
  };
}
