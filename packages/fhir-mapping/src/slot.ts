import type { Schedule, Slot } from '@medplum/fhirtypes';

import type { OpenSlot } from '@ehr-gateway/contracts';

import { encodeScheduleId, encodeSlotId, type ScheduleKey } from './ids.js';
import { IssueLog, type MappingResult } from './result.js';
import { scheduleFromFhir, scheduleKeyOfReference, type ScheduleReadOptions } from './schedule.js';
import { identifierSystem, type FhirMappingContext } from './systems.js';
import { concept, conceptText, parseReference, pickCoding } from './values.js';

export interface SlotOptions {
  /** `free` for open slots (the default); a server also publishes the taken ones as `busy`. */
  status?: Slot['status'];
  /** The FHIR id; by default an encoded one that carries the slot's keys (see encodeSlotId). */
  id?: string;
}

/**
 * A Slot in the Schedule of the slot's provider and department. The appointment type is both the
 * serviceType (what Oracle and most servers search on) and the appointmentType.
 */
export function slotToFhir(
  slot: OpenSlot,
  context: FhirMappingContext,
  options: SlotOptions = {},
): Slot {
  const resource: Slot = {
    resourceType: 'Slot',
    id: options.id ?? encodeSlotId({ ...slot, slotId: slot.id }),
    schedule: {
      reference: `Schedule/${encodeScheduleId(slot)}`,
    },
    status: options.status ?? 'free',
    start: slot.startTime,
    end: slot.endTime,
  };
  if (slot.appointmentTypeId) {
    const type = concept(
      identifierSystem(context, 'appointment-type'),
      slot.appointmentTypeId,
      slot.appointmentType,
    );
    resource.serviceType = [type];
    resource.appointmentType = type;
  }
  return resource;
}

export interface SlotReadOptions extends ScheduleReadOptions {
  /** The Slot's Schedule (or its provider and department) when the server's ids do not say. */
  schedule?: Schedule | ScheduleKey;
  /** The system the server codes appointment types in, preferred over other codings. */
  appointmentTypeSystem?: string;
}

function readScheduleKey(resource: Slot, options: SlotReadOptions, log: IssueLog) {
  const given = options.schedule;
  if (given && 'resourceType' in given) {
    const read = scheduleFromFhir(given, options);
    read.warnings.forEach((issue) => log.warn(issue.path, issue.message));
    if (!read.ok) {
      read.errors.forEach((issue) => log.error(issue.path, issue.message));
      return undefined;
    }
    return read.value;
  }
  const key = given ?? scheduleKeyOfReference(resource.schedule);
  if (!key) {
    log.error(
      'Slot.schedule',
      `the provider and department of ${resource.schedule?.reference ?? 'the schedule'} are unknown: pass its Schedule`,
    );
  }
  return key ?? undefined;
}

function readType(resource: Slot, options: SlotReadOptions) {
  const concepts = [resource.appointmentType, ...(resource.serviceType ?? [])];
  const coding = pickCoding(concepts, options.appointmentTypeSystem);
  const name =
    conceptText(resource.appointmentType) ??
    resource.serviceType?.map(conceptText).find(Boolean) ??
    coding?.display;
  return { appointmentTypeId: coding?.code ?? null, appointmentType: name ?? null };
}

/**
 * A normalised open slot from any R4 free Slot; the type from appointmentType or serviceType, the
 * provider and department from the Slot's Schedule. The id is the server's Slot id.
 */
export function slotFromFhir(
  resource: Slot,
  options: SlotReadOptions = {},
): MappingResult<OpenSlot> {
  const log = new IssueLog();
  if (!resource.id) {
    log.error('Slot.id', 'the resource has no id');
  }
  if (resource.status !== 'free') {
    log.error('Slot.status', `the slot is ${resource.status ?? 'without status'}, not free`);
  }
  const start = Date.parse(resource.start ?? '');
  const end = Date.parse(resource.end ?? '');
  if (Number.isNaN(start) || Number.isNaN(end) || end <= start) {
    log.error('Slot.start', 'no valid start and end');
  }
  if (!parseReference(resource.schedule) && !options.schedule) {
    log.error('Slot.schedule', 'no schedule reference');
  }
  const key = readScheduleKey(resource, options, log);
  return log.result({
    id: resource.id ?? '',
    departmentId: key?.departmentId ?? '',
    providerId: key?.providerId ?? '',
    ...readType(resource, options),
    startTime: resource.start ?? '',
    endTime: resource.end ?? '',
    duration: Math.round((end - start) / 60_000) || 0,
  });
}
