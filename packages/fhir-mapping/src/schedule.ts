import type { PractitionerRole, Schedule } from '@medplum/fhirtypes';

import type { AppointmentType, Department, Provider } from '@ehr-gateway/contracts';

import { decodeScheduleId, encodeScheduleId, type ScheduleKey } from './ids.js';
import { IssueLog, type MappingResult } from './result.js';
import { identifierSystem, type FhirMappingContext } from './systems.js';
import { concept, parseReference, reference } from './values.js';

export interface ScheduleInput extends ScheduleKey {
  /** For the actors' display names and the specialty. */
  provider?: Provider | null;
  department?: Department | null;
  /** The appointment types this schedule offers (its serviceType). */
  appointmentTypes?: readonly AppointmentType[];
  /** The dates slots are published for. */
  planningHorizon?: { start: string; end: string };
}

/** One Schedule per provider and department; its actors are the Practitioner and the Location. */
export function scheduleToFhir(input: ScheduleInput, context: FhirMappingContext): Schedule {
  const schedule: Schedule = {
    resourceType: 'Schedule',
    id: encodeScheduleId(input),
    active: true,
    actor: [
      reference('Practitioner', input.providerId, input.provider?.displayName),
      reference('Location', input.departmentId, input.department?.name),
    ],
  };
  if (input.appointmentTypes?.length) {
    const system = identifierSystem(context, 'appointment-type');
    schedule.serviceType = input.appointmentTypes.map((type) =>
      concept(system, type.id, type.name),
    );
  }
  if (input.provider?.specialty) {
    schedule.specialty = [{ text: input.provider.specialty }];
  }
  if (input.planningHorizon) {
    schedule.planningHorizon = input.planningHorizon;
  }
  return schedule;
}

export interface ScheduleReadOptions {
  /** The server's PractitionerRoles, when actors name roles rather than practitioners. */
  roles?: readonly PractitionerRole[];
}

function providerOfRole(roleId: string, roles: readonly PractitionerRole[] | undefined) {
  const role = roles?.find((candidate) => candidate.id === roleId);
  return role
    ? {
        providerId: parseReference(role.practitioner)?.id,
        departmentId: parseReference(role.location?.[0])?.id,
      }
    : undefined;
}

/**
 * The provider and department of any R4 Schedule, from its actors in any order: a Practitioner
 * (or a PractitionerRole resolved through `roles`) and a Location. Other actors (devices,
 * services) are ignored with a warning.
 */
export function scheduleFromFhir(
  resource: Schedule,
  options: ScheduleReadOptions = {},
): MappingResult<ScheduleKey & { id: string }> {
  const log = new IssueLog();
  let providerId: string | undefined;
  let departmentId: string | undefined;
  let roleDepartment: string | undefined;
  (resource.actor ?? []).forEach((actor, index) => {
    const target = parseReference(actor);
    const path = `Schedule.actor[${index}]`;
    if (target?.resourceType === 'Practitioner') {
      providerId ??= target.id;
    } else if (target?.resourceType === 'Location') {
      departmentId ??= target.id;
    } else if (target?.resourceType === 'PractitionerRole') {
      const role = providerOfRole(target.id, options.roles);
      if (!role?.providerId) {
        log.warn(path, `PractitionerRole/${target.id} could not be resolved to a Practitioner`);
      }
      providerId ??= role?.providerId;
      roleDepartment ??= role?.departmentId;
    } else {
      log.warn(path, `actor ${actor.reference ?? '(no reference)'} is not a provider or location`);
    }
  });
  if (!departmentId && roleDepartment) {
    log.warn('Schedule.actor', "no Location actor: the practitioner role's location is used");
    departmentId = roleDepartment;
  }
  if (!providerId) {
    log.error('Schedule.actor', 'no Practitioner actor');
  }
  if (!departmentId) {
    log.error('Schedule.actor', 'no Location actor');
  }
  return log.result({
    id: resource.id ?? '',
    providerId: providerId ?? '',
    departmentId: departmentId ?? '',
  });
}

/** The provider and department a Schedule reference names, when the id is one this module made. */
export function scheduleKeyOfReference(
  ref: { reference?: string } | undefined,
): ScheduleKey | null {
  const target = parseReference(ref);
  return target?.resourceType === 'Schedule' ? decodeScheduleId(target.id) : null;
}
