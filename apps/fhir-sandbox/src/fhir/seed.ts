import type { FhirRepository } from '@medplum/fhir-router';
import type { Resource } from '@medplum/fhirtypes';

import { addDays } from '@ehr-gateway/calendar';
import {
  appointmentToFhir,
  departmentToFhir,
  patientToFhir,
  practiceToFhir,
  providerToFhir,
  providerToFhirRole,
  scheduleToFhir,
  slotToFhir,
  type FhirMappingContext,
} from '@ehr-gateway/fhir-mapping';
import {
  normalisedAppointment,
  normalisedAppointmentType,
  normalisedDepartment,
  normalisedOpenSlot,
  normalisedPatient,
  normalisedProvider,
  seededHolder,
  type Practice,
} from '@ehr-gateway/synthetic-practice';

/**
 * The synthetic practice as FHIR resources, through the one mapping: the same people, providers,
 * departments and slots the Mock EHR and the athena sandbox serve, with the same ids (a Slot's id
 * is the synthetic slot id; a seeded Appointment keeps its slot's id, as athena's do).
 */

export interface SeedWindow {
  /** First and last day (UTC dates) slots are published for. */
  firstDay: string;
  lastDay: string;
}

export function seedWindow(now: Date, pastDays: number, futureDays: number): SeedWindow {
  const today = now.toISOString().slice(0, 10);
  return { firstDay: addDays(today, -pastDays), lastDay: addDays(today, futureDays) };
}

function directory(
  practice: Practice,
  context: FhirMappingContext,
  practiceName: string,
): Resource[] {
  const departments = practice.departments.map(normalisedDepartment);
  const resources: Resource[] = [
    practiceToFhir({ name: practiceName, phone: departments[0]?.phone ?? null }, context),
    ...departments.map((department) => departmentToFhir(department, context)),
  ];
  for (const provider of practice.providers) {
    const normalised = normalisedProvider(provider);
    resources.push(
      providerToFhir(normalised, context),
      providerToFhirRole(normalised, context, {
        departmentIds: provider.departmentIds.map(String),
        phone: practice.department(provider.homeDepartmentId)?.phone ?? null,
      }),
    );
  }
  resources.push(...practice.patients.map((p) => patientToFhir(normalisedPatient(p), context)));
  return resources;
}

function schedules(
  practice: Practice,
  context: FhirMappingContext,
  window: SeedWindow,
): Resource[] {
  return practice.providers.flatMap((provider) =>
    provider.departmentIds.map((departmentId) =>
      scheduleToFhir(
        {
          providerId: String(provider.id),
          departmentId: String(departmentId),
          provider: normalisedProvider(provider),
          department: normalisedDepartment(practice.department(departmentId)!),
          appointmentTypes: practice
            .appointmentTypesFor({ departmentId, providerId: provider.id })
            .map(normalisedAppointmentType),
          planningHorizon: { start: window.firstDay, end: window.lastDay },
        },
        context,
      ),
    ),
  );
}

/** Slots (free, or busy where the seed booked them) and the seed's appointments in the window. */
function calendar(practice: Practice, context: FhirMappingContext, window: SeedWindow, now: Date) {
  const slots: Resource[] = [];
  const appointments: Resource[] = [];
  for (const slot of practice.scheduledSlots({
    startDate: window.firstDay,
    endDate: window.lastDay,
  })) {
    const holder = seededHolder(slot, practice);
    slots.push(
      slotToFhir(normalisedOpenSlot(slot, practice), context, {
        id: slot.id,
        status: holder.status === 'booked' ? 'busy' : 'free',
      }),
    );
    if (holder.status === 'booked') {
      const detail = normalisedAppointment(slot, holder, practice, now);
      appointments.push(appointmentToFhir(detail, context, { slotFhirId: slot.id }));
    }
  }
  return { slots, appointments };
}

export interface SeedSummary extends SeedWindow {
  counts: Record<string, number>;
}

/** Fills an empty repository; answers what it holds. */
export async function seedRepository(
  repository: FhirRepository,
  options: {
    practice: Practice;
    context: FhirMappingContext;
    practiceName: string;
    window: SeedWindow;
    now: Date;
  },
): Promise<SeedSummary> {
  const { practice, context, window } = options;
  const { slots, appointments } = calendar(practice, context, window, options.now);
  const resources = [
    ...directory(practice, context, options.practiceName),
    ...schedules(practice, context, window),
    ...slots,
    ...appointments,
  ];
  const counts: Record<string, number> = {};
  for (const resource of resources) {
    await repository.createResource(resource);
    counts[resource.resourceType] = (counts[resource.resourceType] ?? 0) + 1;
  }
  return { ...window, counts };
}
