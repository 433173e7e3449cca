import type { FastifyInstance } from 'fastify';
import type { Appointment, Resource } from '@medplum/fhirtypes';

import { statusChangeFromPatch } from '@ehr-gateway/fhir-mapping';

import { assertValid, bookAppointment, changeAppointment } from '../fhir/appointments.js';
import { callEngine } from '../fhir/engine.js';
import type { ProfileRules } from '../fhir/profile-rules.js';
import { badRequest, notAllowed } from '../outcome.js';
import type { SandboxState } from '../state.js';
import { authorize, fhirBaseUrl, sendResource, type FhirParams } from './fhir-access.js';

/**
 * Create (a Patient, or an Appointment that books a Slot), and status changes by PATCH or PUT.
 * Every write is validated first: the engine would store anything.
 */
export function fhirWriteRoutes(state: SandboxState, rules: ProfileRules) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: FhirParams; Body: Resource }>('/:type', async (request, reply) => {
      const type = authorize(state, request, 'create');
      const body = request.body;
      if (body?.resourceType !== type) {
        throw badRequest(`The body must be a ${type} resource`, ['resourceType']);
      }
      const ifNoneExist = request.headers['if-none-exist'] as string | undefined;
      const created =
        type === 'Appointment'
          ? await bookAppointment(state, rules, body as Appointment, ifNoneExist)
          : await createPlain(state, body, ifNoneExist);
      return sendResource(reply, created.status, created.resource, fhirBaseUrl(state, request));
    });

    app.patch<{ Params: FhirParams; Body: unknown }>('/:type/:id', async (request, reply) => {
      authorize(state, request, 'patch');
      const change = statusChangeFromPatch(request.body);
      if (!change.ok) {
        throw badRequest(
          change.errors.map((e) => `${e.path}: ${e.message}`).join('; '),
          change.errors.map((e) => e.path),
        );
      }
      const saved = await changeAppointment(state, rules, {
        id: request.params.id!,
        change: change.value,
        ifMatch: request.headers['if-match'],
        requireIfMatch: rules.patchNeedsIfMatch,
      });
      return sendResource(reply, 200, saved);
    });

    app.put<{ Params: FhirParams; Body: Appointment }>('/:type/:id', async (request, reply) => {
      authorize(state, request, 'update');
      const body = request.body;
      if (body?.resourceType !== 'Appointment' || body.id !== request.params.id) {
        throw badRequest('The body must be the Appointment with the id in the URL', ['id']);
      }
      const saved = await changeAppointment(state, rules, {
        id: request.params.id!,
        change: {
          status: body.status,
          cancelationReason: body.cancelationReason ?? null,
          reason: null,
        },
        ifMatch: request.headers['if-match'],
        requireIfMatch: false,
        replacement: body,
      });
      return sendResource(reply, 200, saved);
    });

    app.delete('/:type/:id', async () => {
      throw notAllowed(
        'Resources are not deleted here: cancel an Appointment by setting its status',
      );
    });
    app.post('/', async () => {
      throw notAllowed(
        'Batch and transaction Bundles are not supported (the engine would not apply them atomically)',
      );
    });
  };
}

/** Any other create (a Patient): validated, then the engine's own create and If-None-Exist. */
async function createPlain(state: SandboxState, body: Resource, ifNoneExist: string | undefined) {
  const { id: _id, meta: _meta, ...fields } = body;
  assertValid(fields as Resource);
  return callEngine(state, 'POST', body.resourceType, {
    body: fields,
    headers: ifNoneExist ? { 'if-none-exist': ifNoneExist } : {},
  });
}
