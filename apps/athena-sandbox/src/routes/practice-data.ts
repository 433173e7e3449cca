import type { FastifyInstance } from 'fastify';

import type { AppointmentType } from '@ehr-gateway/synthetic-practice';

import { notFound } from '../errors.js';
import { listPage } from '../pagination.js';
import { Params, pathId, requestPath } from '../params.js';
import {
  appointmentTypeWire,
  departmentWire,
  providerWire,
  referringProviderWire,
} from '../serializers.js';
import type { SandboxState } from '../state.js';

/** One record by its path id as a one-item array, or athena's 404. */
function one<T>(
  find: (id: number) => T | undefined,
  id: string | undefined,
  what: string,
  toWire: (item: T) => Record<string, unknown>,
) {
  const numeric = pathId(id);
  const item = numeric === null ? undefined : find(Number(numeric));
  if (item === undefined) {
    throw notFound(`${what} not found.`, `There is no ${what.toLowerCase()} with id ${id}.`);
  }
  return [toWire(item)];
}

/** Departments, providers, appointment types and referring providers. */
export function practiceDataRoutes(state: SandboxState) {
  const { practice } = state;

  /** The types offered by any of the departments and (if given) any of the providers. */
  function appointmentTypes(params: Params): AppointmentType[] {
    const departmentIds = params.idList('departmentids') ?? params.idList('departmentid');
    const providerIds = params.idList('providerids') ?? params.idList('providerid');
    const offered = (filter: { departmentId?: number; providerId?: number }) =>
      new Set(practice.appointmentTypesFor(filter).map((type) => type.id));
    const union = (sets: Array<Set<number>>) => new Set(sets.flatMap((set) => [...set]));
    const byDepartment = departmentIds
      ? union(departmentIds.map((departmentId) => offered({ departmentId })))
      : null;
    const byProvider = providerIds
      ? union(providerIds.map((providerId) => offered({ providerId })))
      : null;
    return practice.appointmentTypes.filter(
      (type) =>
        (!byDepartment || byDepartment.has(type.id)) &&
        (!byProvider || byProvider.has(type.id)) &&
        !(params.flag('hidegeneric') && type.specialties === null) &&
        !(params.flag('hidenongeneric') && type.specialties !== null) &&
        !(params.flag('hidenonpatient') && !type.patientBookable),
    );
  }

  return async (app: FastifyInstance) => {
    app.get('/departments', async (request) => {
      const params = new Params(request);
      const withProviders = params.flag('providerlist') || params.flag('fullproviderlist');
      const rows = [...practice.departments]
        .sort((a, b) => a.id - b.id)
        .map((department) => departmentWire(department, state.now(), withProviders));
      return listPage('departments', rows, params, requestPath(request));
    });

    app.get('/departments/:departmentid', async (request) => {
      const params = new Params(request);
      const withProviders = params.flag('providerlist') || params.flag('fullproviderlist');
      const { departmentid } = request.params as { departmentid: string };
      return one(practice.department, departmentid, 'Department', (department) =>
        departmentWire(department, state.now(), withProviders),
      );
    });

    app.get('/providers', async (request) => {
      const params = new Params(request);
      const providerType = params.get('providertype')?.toUpperCase();
      const rows = [...practice.providers]
        .filter((provider) => !providerType || provider.providerType === providerType)
        .sort((a, b) => a.id - b.id)
        .map(providerWire);
      return listPage('providers', rows, params, requestPath(request));
    });

    app.get('/providers/:providerid', async (request) => {
      const { providerid } = request.params as { providerid: string };
      return one(practice.provider, providerid, 'Provider', providerWire);
    });

    app.get('/appointmenttypes', async (request) => {
      const params = new Params(request);
      const rows = appointmentTypes(params).map(appointmentTypeWire);
      return listPage('appointmenttypes', rows, params, requestPath(request));
    });

    app.get('/appointmenttypes/:appointmenttypeid', async (request) => {
      const { appointmenttypeid } = request.params as { appointmenttypeid: string };
      return one(
        practice.appointmentType,
        appointmenttypeid,
        'Appointment type',
        appointmentTypeWire,
      );
    });

    app.get('/referringproviders', async (request) => {
      const params = new Params(request);
      const rows = practice.referringProviders.map(referringProviderWire);
      return listPage('referringproviders', rows, params, requestPath(request));
    });

    app.get('/referringproviders/:referringproviderid', async (request) => {
      const { referringproviderid } = request.params as { referringproviderid: string };
      const find = (id: number) => practice.referringProviders.find((p) => p.id === id);
      return one(find, referringproviderid, 'Referring provider', referringProviderWire);
    });
  };
}
