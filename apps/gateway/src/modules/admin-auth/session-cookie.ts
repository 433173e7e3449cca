import type { FastifyReply, FastifyRequest } from 'fastify';

import { SESSION_COOKIE, SESSION_COOKIE_PATH } from '@ehr-gateway/contracts';

/** The console session cookie, however the session began (password or single sign-on). */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  return reply.setCookie(SESSION_COOKIE, token, {
    path: SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export const clearSessionCookie = (reply: FastifyReply) =>
  reply.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
