import type { FastifyInstance } from 'fastify';

import { changeAppointment } from '../fhir/appointments.js';
import { profileRules } from '../fhir/profile-rules.js';
import type { SandboxState } from '../state.js';

/**
 * Changes made "at the front desk", outside the API (no token): cancel an appointment as staff in
 * the EHR would. The change goes through the same rules as a FHIR write (the slot is freed, the
 * version and `meta.lastUpdated` move), so a `_lastUpdated` search finds it like any other, and a
 * test can make a change the gateway did not make and watch it arrive.
 */
export function frontDeskRoutes(state: SandboxState) {
  const rules = profileRules(state.options.profile);

  return async (app: FastifyInstance) => {
    app.post<{ Params: { id: string }; Body: { reason?: unknown } | undefined }>(
      '/_sandbox/front-desk/appointments/:id/cancel',
      async (request) => {
        const reason =
          typeof request.body?.reason === 'string'
            ? request.body.reason
            : 'Cancelled at the front desk';
        const saved = await changeAppointment(state, rules, {
          id: request.params.id,
          change: { status: 'cancelled', cancelationReason: { text: reason }, reason },
          ifMatch: undefined,
          requireIfMatch: false,
        });
        return { id: saved.id, status: saved.status, versionId: saved.meta?.versionId ?? null };
      },
    );
  };
}
