import type { FastifyRequest } from 'fastify';

import type { AuditContext } from './audit-service.js';

/** Who made a request and from where, as the audit trail records it. */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const userAgent = request.headers['user-agent'];
  const actor = request.admin
    ? {
        type: 'user' as const,
        id: request.admin.user.id,
        name: request.admin.user.username,
      }
    : request.apiKey
      ? {
          type: 'api-key' as const,
          id: request.apiKey.id,
          name: request.apiKey.name,
        }
      : { type: 'anonymous' as const, id: null, name: null };
  return {
    actor,
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
  };
}
