import type { Department, PatientDetail } from '@ehr-gateway/contracts';

import { badRequest, notFound } from '../../../lib/http-errors.js';
import type { EhrCallContext, EhrClient, SlotSearch } from '../ehr-client.js';
import { mapAthenaErrors } from './athena-errors.js';
import type { AthenaHttp, AthenaRequest } from './athena-http.js';
import {
  toAppointment,
  toAppointmentDetail,
  toAppointmentType,
  toDepartment,
  toOpenSlot,
  toPatient,
  toPatientDetail,
  toProvider,
  toReferringProvider,
} from './athena-mapping.js';
import { fromAthenaDate, list, num, str, toAthenaDate, type Wire } from './athena-wire.js';
import { createReferenceCache, type ReferenceCache } from '../reference-cache.js';

/** Page size used when a route needs every row of an athena list. */
const FULL_LIST_PAGE = 1000;
/** A bound on pages followed, so a misbehaving `next` cannot loop forever. */
const MAX_PAGES = 50;
/** The most open slots athena lists in one page. */
const MAX_OPEN_SLOT_PAGE = 10_000;

interface ListPage {
  totalcount?: unknown;
  next?: unknown;
  [key: string]: unknown;
}

/** GET /appointments/open's query for a search (departmentid may be a comma list). */
function openSlotQuery(search: SlotSearch) {
  return {
    departmentid: search.departmentId,
    appointmenttypeid: search.appointmentTypeId,
    // Without a type athena needs a reason; -1 means any web-schedulable reason.
    reasonid: search.appointmentTypeId ? undefined : '-1',
    providerid: search.providerId,
    startdate: toAthenaDate(search.startDate),
    enddate: toAthenaDate(search.endDate),
  };
}

/** The Athena connector: athenaOne's wire format in, the gateway's normalized shapes out. */
export function createAthenaConnector(
  http: AthenaHttp,
  { reference = createReferenceCache() }: { reference?: ReferenceCache } = {},
): EhrClient {
  const call = <T>(what: string, request: AthenaRequest, ctx: EhrCallContext) =>
    mapAthenaErrors(what, () => http.request<T>(request, ctx));

  /** Every row of a list, following athena's offset pagination. */
  async function fetchAll(
    what: string,
    request: Omit<AthenaRequest, 'method'>,
    key: string,
    ctx: EhrCallContext,
    limit = FULL_LIST_PAGE,
  ): Promise<Wire[]> {
    const rows: Wire[] = [];
    for (let page = 0, offset = 0; page < MAX_PAGES; page += 1) {
      const body = await call<ListPage>(
        what,
        { ...request, method: 'GET', query: { ...request.query, limit, offset } },
        ctx,
      );
      const items = list(body?.[key]);
      rows.push(...items);
      offset += items.length;
      const total = num(body?.totalcount) ?? rows.length;
      if (items.length === 0 || offset >= total || !body?.next) {
        break;
      }
    }
    return rows;
  }

  function departments(practiceId: string, ctx: EhrCallContext): Promise<Department[]> {
    return reference.reuse(practiceId, 'departments', async () => {
      const rows = await fetchAll(
        'list departments',
        { path: '/departments', practiceId },
        'departments',
        ctx,
      );
      return rows.map(toDepartment);
    });
  }

  async function lookups(practiceId: string, ctx: EhrCallContext) {
    const known = await departments(practiceId, ctx);
    const byId = new Map(known.map((d) => [d.id, d]));
    return {
      timezoneOf: (id: string | null) => (id && byId.get(id)?.timezone) || 'America/New_York',
      nameOf: (id: string | null) => (id ? (byId.get(id)?.name ?? null) : null),
      allIds: known.map((d) => d.id),
    };
  }

  const first = (body: unknown, what: string): Wire => {
    const [row] = list(body);
    if (!row) {
      throw notFound(`Not found in Athena EHR: could not ${what}`, 'ATHENA_NOT_FOUND');
    }
    return row;
  };

  async function findPatients(
    practiceId: string,
    identity: { firstName: string; lastName: string; dob: string },
    ctx: EhrCallContext,
  ): Promise<PatientDetail[]> {
    const body = await call<unknown>(
      'match the patient',
      {
        method: 'GET',
        path: '/patients/enhancedbestmatch',
        practiceId,
        query: {
          firstname: identity.firstName,
          lastname: identity.lastName,
          dob: toAthenaDate(identity.dob),
        },
      },
      ctx,
    );
    return list(body)
      .map(toPatientDetail)
      .filter(
        (p) =>
          p.firstName.toLowerCase() === identity.firstName.toLowerCase() &&
          p.lastName.toLowerCase() === identity.lastName.toLowerCase() &&
          p.dob === identity.dob,
      );
  }

  return {
    source: 'athena',

    async listPatients(practiceId, search, ctx) {
      const body = await call<ListPage>(
        'list patients',
        {
          method: 'GET',
          path: '/patients',
          practiceId,
          query: {
            firstname: search.firstName,
            lastname: search.lastName,
            dob: search.dob ? toAthenaDate(search.dob) : undefined,
            limit: search.limit,
            offset: search.offset,
          },
        },
        ctx,
      );
      const patients = list(body?.patients).map(toPatient);
      return { totalCount: num(body?.totalcount) ?? patients.length, patients };
    },

    async getPatient(practiceId, patientId, ctx) {
      const what = `find patient ${patientId}`;
      const body = await call<unknown>(
        what,
        { method: 'GET', path: `/patients/${patientId}`, practiceId },
        ctx,
      );
      return toPatientDetail(first(body, what));
    },

    findPatients,

    async createPatient(practiceId, patient, ctx) {
      const [existing] = await findPatients(practiceId, patient, ctx);
      if (existing) {
        return { patientId: existing.id, created: false };
      }
      const body = await call<unknown>(
        'register the patient',
        {
          method: 'POST',
          path: '/patients',
          practiceId,
          form: {
            firstname: patient.firstName,
            lastname: patient.lastName,
            dob: toAthenaDate(patient.dob),
            departmentid: patient.departmentId,
            sex: patient.sex,
            email: patient.email,
            mobilephone: patient.phone,
            city: patient.city,
            state: patient.state,
            zip: patient.zip,
          },
        },
        ctx,
      );
      const row = first(body, 'register the patient');
      const errorMessage = str(row.errormessage);
      if (errorMessage) {
        throw badRequest(`Athena EHR could not register the patient: ${errorMessage}`);
      }
      const patientId = str(row.patientid);
      if (!patientId) {
        throw badRequest('Athena EHR did not return a patient id');
      }
      return { patientId, created: true };
    },

    async listAppointments(practiceId, range, ctx) {
      const { timezoneOf, allIds } = await lookups(practiceId, ctx);
      const dates = {
        startdate: toAthenaDate(range.startDate),
        enddate: toAthenaDate(range.endDate),
      };
      const rows = range.patientId
        ? await fetchAll(
            'list the patient\u2019s appointments',
            {
              path: `/patients/${range.patientId}/appointments`,
              practiceId,
              query: { ...dates, showpast: 'true', showcancelled: 'false' },
            },
            'appointments',
            ctx,
          )
        : await fetchAll(
            'list appointments',
            {
              path: '/appointments/booked',
              practiceId,
              query: {
                ...dates,
                providerid: range.providerId,
                // athena wants a department or provider; without either, ask for every department.
                departmentid:
                  range.departmentId ?? (range.providerId ? undefined : allIds.join(',')),
              },
            },
            'appointments',
            ctx,
          );
      const appointments = rows
        .filter((row) => !range.providerId || str(row.providerid) === range.providerId)
        .filter((row) => !range.departmentId || str(row.departmentid) === range.departmentId)
        .filter((row) => {
          const date = fromAthenaDate(row.date);
          return date !== null && date >= range.startDate && date <= range.endDate;
        })
        .map((row) => toAppointment(row, timezoneOf))
        .filter((appointment) => appointment.status !== 'Cancelled')
        .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
      return { totalCount: appointments.length, appointments };
    },

    async getAppointment(practiceId, appointmentId, ctx) {
      const what = `find appointment ${appointmentId}`;
      const { timezoneOf, nameOf } = await lookups(practiceId, ctx);
      const body = await call<unknown>(
        what,
        { method: 'GET', path: `/appointments/${appointmentId}`, practiceId },
        ctx,
      );
      return toAppointmentDetail(first(body, what), timezoneOf, nameOf);
    },

    async listProviders(practiceId, page, ctx) {
      const body = await call<ListPage>(
        'list providers',
        {
          method: 'GET',
          path: '/providers',
          practiceId,
          query: { limit: page.limit, offset: page.offset },
        },
        ctx,
      );
      const providers = list(body?.providers).map(toProvider);
      return { totalCount: num(body?.totalcount) ?? providers.length, providers };
    },

    async listDepartments(practiceId, ctx) {
      const all = await departments(practiceId, ctx);
      return { totalCount: all.length, departments: all };
    },

    async listReferringProviders(practiceId, ctx) {
      const rows = await fetchAll(
        'list referring providers',
        { path: '/referringproviders', practiceId },
        'referringproviders',
        ctx,
      );
      return { totalCount: rows.length, referringProviders: rows.map(toReferringProvider) };
    },

    async listAppointmentTypes(practiceId, filter, ctx) {
      const rows = await fetchAll(
        'list appointment types',
        {
          path: '/appointmenttypes',
          practiceId,
          query: { departmentids: filter.departmentId },
        },
        'appointmenttypes',
        ctx,
      );
      return rows.map(toAppointmentType);
    },

    async listOpenSlots(practiceId, search, ctx) {
      const { timezoneOf } = await lookups(practiceId, ctx);
      const body = await call<ListPage>(
        'list open appointment slots',
        {
          method: 'GET',
          path: '/appointments/open',
          practiceId,
          query: { ...openSlotQuery(search), limit: search.limit ?? FULL_LIST_PAGE },
        },
        ctx,
      );
      return list(body?.appointments).map((row) => toOpenSlot(row, timezoneOf));
    },

    async listOpenSlotsIn(practiceId, search, ctx) {
      const { departmentIds, providerIds } = search;
      const { timezoneOf } = await lookups(practiceId, ctx);
      const rows = await fetchAll(
        'list open appointment slots',
        {
          path: '/appointments/open',
          practiceId,
          query: openSlotQuery({
            ...search,
            departmentId: departmentIds.join(','),
            providerId: providerIds?.join(','),
          }),
        },
        'appointments',
        ctx,
        // Each department the room one call of its own has, in one page where athena allows.
        Math.min(FULL_LIST_PAGE * departmentIds.length, MAX_OPEN_SLOT_PAGE),
      );
      // Department by department in the order asked, as one call per department would answer.
      const order = (row: Wire) => departmentIds.indexOf(str(row.departmentid) ?? '');
      return rows
        .map((row, index) => ({ row, index }))
        .sort((a, b) => order(a.row) - order(b.row) || a.index - b.index)
        .map(({ row }) => toOpenSlot(row, timezoneOf));
    },

    async bookAppointment(practiceId, booking, ctx) {
      const what = `book appointment slot ${booking.slotId}`;
      const { timezoneOf, nameOf } = await lookups(practiceId, ctx);
      const body = await call<unknown>(
        what,
        {
          method: 'PUT',
          path: `/appointments/${booking.slotId}`,
          practiceId,
          form: {
            patientid: booking.patientId,
            appointmenttypeid: booking.appointmentTypeId,
            // athena needs a type or a reason; -1 is "any web-schedulable reason".
            reasonid: booking.appointmentTypeId ? undefined : '-1',
            bookingnote: booking.notes,
          },
        },
        ctx,
      );
      return toAppointmentDetail(first(body, what), timezoneOf, nameOf);
    },

    async cancelAppointment(practiceId, cancellation, ctx) {
      const what = `cancel appointment ${cancellation.appointmentId}`;
      await call<unknown>(
        what,
        {
          method: 'PUT',
          path: `/appointments/${cancellation.appointmentId}/cancel`,
          practiceId,
          form: { patientid: cancellation.patientId, cancellationreason: cancellation.reason },
        },
        ctx,
      );
      return this.getAppointment(practiceId, cancellation.appointmentId, ctx);
    },
  };
}
