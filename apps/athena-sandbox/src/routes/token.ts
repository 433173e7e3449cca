import { timingSafeEqual } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { Params } from '../params.js';
import type { SandboxState } from '../state.js';

const DEFAULT_SCOPE = 'athena/service/Athenanet.MDP.*';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** client_id and client_secret from HTTP Basic (athena's way) or, failing that, the form. */
function clientCredentials(request: FastifyRequest, params: Params) {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match) {
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) {
      return null;
    }
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  }
  const id = params.get('client_id');
  const secret = params.get('client_secret');
  return id !== undefined && secret !== undefined ? { id, secret } : null;
}

/** POST /oauth2/v1/token: OAuth2 client credentials, with athena preview's per-minute limit. */
export function tokenRoutes(state: SandboxState) {
  return async (app: FastifyInstance) => {
    app.post('/oauth2/v1/token', async (request, reply) => {
      state.stats.counts.tokenRequests += 1;
      reply.header('cache-control', 'no-store');
      const params = new Params({ query: {}, body: request.body });
      const credentials = clientCredentials(request, params);
      if (
        !credentials ||
        !sameText(credentials.id, state.options.clientId) ||
        !sameText(credentials.secret, state.options.clientSecret)
      ) {
        state.stats.counts.tokensRefused += 1;
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="athenahealth"')
          .send({ error: 'invalid_client', error_description: 'Client authentication failed.' });
      }
      const grantType = params.get('grant_type');
      if (grantType === undefined) {
        state.stats.counts.tokensRefused += 1;
        return reply
          .code(400)
          .send({ error: 'invalid_request', error_description: 'grant_type is required.' });
      }
      if (grantType !== 'client_credentials') {
        state.stats.counts.tokensRefused += 1;
        return reply.code(400).send({
          error: 'unsupported_grant_type',
          error_description: 'Only grant_type=client_credentials is supported.',
        });
      }
      const issued = state.tokens.issue();
      if (!issued.ok) {
        state.stats.counts.tokensRateLimited += 1;
        return reply
          .code(429)
          .header('retry-after', String(issued.retryAfterSeconds))
          .send({
            error: 'rate_limit_exceeded',
            error_description: `At most ${state.tokens.limitPerMinute} new tokens per minute; cache the token you have.`,
          });
      }
      state.stats.counts.tokensIssued += 1;
      return {
        access_token: issued.token,
        token_type: 'Bearer',
        expires_in: issued.expiresIn,
        scope: params.get('scope') ?? DEFAULT_SCOPE,
      };
    });
  };
}
