import type { FastifyInstance } from 'fastify';

import { todayIn } from '@ehr-gateway/calendar';

import { improperDob, notFound } from '../errors.js';
import { listPage } from '../pagination.js';
import { Params, pathId, requestPath } from '../params.js';
import { readPatientFields } from '../patient-fields.js';
import { patientWire } from '../serializers.js';
import type { SandboxState } from '../state.js';
import { isTruthyFlag, parseAthenaDate, toAthenaDate } from '../wire-format.js';

/** Results of enhancedbestmatch: a score of 18 needs the birth date and one name. */
const DEFAULT_MIN_SCORE = 18;
const MAX_BEST_MATCHES = 5;

export function patientRoutes(state: SandboxState) {
  const { practice, patients } = state;

  /** Today where the patient's department is (the practice's first department otherwise). */
  const todayFor = (departmentId: string | undefined) => {
    const department =
      practice.department(Number(departmentId)) ?? practice.departments[0] ?? undefined;
    return todayIn(department?.timezone ?? 'UTC', state.now());
  };

  const patientOr404 = (id: string | undefined) => {
    const patientId = pathId(id);
    const patient = patientId ? patients.get(patientId) : undefined;
    if (!patient) {
      throw notFound(
        'Patient not found.',
        `There is no patient ${id} in practice ${state.options.practiceId}.`,
      );
    }
    return patient;
  };

  return async (app: FastifyInstance) => {
    app.get('/patients', async (request) => {
      const params = new Params(request);
      const dob = params.date('dob');
      const found = patients.search({
        firstname: params.get('firstname'),
        lastname: params.get('lastname'),
        dob: dob ? toAthenaDate(dob) : undefined,
        departmentid: params.id('departmentid')?.toString(),
        email: params.get('email'),
        zip: params.get('zip'),
        phone: params.get('anyphone') ?? params.get('mobilephone') ?? params.get('homephone'),
        status: params.get('status'),
      });
      return listPage('patients', found.map(patientWire), params, requestPath(request));
    });

    app.get('/patients/enhancedbestmatch', async (request) => {
      const params = new Params(request);
      params.require('firstname', 'lastname', 'dob');
      const dob = parseAthenaDate(params.get('dob')!);
      if (!dob) {
        throw improperDob();
      }
      const minScore = params.int('minscore', { min: 0 }) ?? DEFAULT_MIN_SCORE;
      const matches = patients.bestMatches(
        {
          firstname: params.get('firstname')!,
          lastname: params.get('lastname')!,
          dob: toAthenaDate(dob),
          email: params.get('email'),
          phone: params.get('mobilephone') ?? params.get('homephone'),
          zip: params.get('zip'),
        },
        minScore,
      );
      return matches
        .slice(0, MAX_BEST_MATCHES)
        .map(([patient, score]) => ({ ...patientWire(patient), score: String(score) }));
    });

    app.get('/patients/:patientid', async (request) => {
      const { patientid } = request.params as { patientid: string };
      return [patientWire(patientOr404(patientid))];
    });

    app.post('/patients', async (request) => {
      const params = new Params(request);
      const fields = readPatientFields(
        params,
        practice,
        todayFor(params.get('departmentid')),
        'create',
      );
      if (!isTruthyFlag(params.get('bypasspatientmatching'))) {
        const existing = patients.findDuplicate(fields.firstname!, fields.lastname!, fields.dob!);
        if (existing) {
          return [{ patientid: existing.patientid }];
        }
      }
      const created = patients.create({
        ...fields,
        registrationdate: toAthenaDate(todayFor(fields.departmentid)),
      });
      return [{ patientid: created.patientid }];
    });

    app.put('/patients/:patientid', async (request) => {
      const { patientid } = request.params as { patientid: string };
      const current = patientOr404(patientid);
      const params = new Params(request);
      const fields = readPatientFields(
        params,
        practice,
        todayFor(params.get('departmentid') ?? current.departmentid),
        'update',
      );
      const updated = patients.update(current.patientid!, fields)!;
      return [{ patientid: updated.patientid }];
    });
  };
}
