import { FHIR_BASE_PREFIX } from '@ehr-gateway/contracts';

import type { TestRequest, TestResponse } from './send-test-request';

/**
 * The appointments the tester's FHIR bookings made, by FHIR base, kept for this tab: a FHIR EHR
 * gives a new Appointment an id of its own (a UUID at the FHIR sandbox), so the Cancel preset
 * cancels the one the last Book answered with rather than guessing its id.
 */
const STORE_KEY = 'ehrgw.tester.fhir-bookings';

/** `/fhir/r4/{source}/{practiceId}` of a POST …/Appointment URL; null for any other URL. */
function bookingBase(url: string): string | null {
  let path: string;
  try {
    path = new URL(url.trim(), 'http://console.invalid').pathname;
  } catch {
    return null;
  }
  const match = new RegExp(`^(${FHIR_BASE_PREFIX}/[^/]+/[^/]+)/Appointment/?$`).exec(path);
  return match?.[1] ?? null;
}

function readStore(): Record<string, string> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as unknown;
    return typeof stored === 'object' && stored !== null ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Notes the Appointment a booking answered with (201 new, 200 the one If-None-Exist found). */
export function rememberFhirBooking(
  request: Pick<TestRequest, 'method' | 'url'>,
  response: Pick<TestResponse, 'status' | 'data'>,
): void {
  const base = request.method === 'POST' ? bookingBase(request.url) : null;
  if (!base || (response.status !== 200 && response.status !== 201)) {
    return;
  }
  let id: unknown;
  try {
    const body = JSON.parse(response.data) as { resourceType?: unknown; id?: unknown };
    id = body.resourceType === 'Appointment' ? body.id : undefined;
  } catch {
    return;
  }
  if (typeof id === 'string' && /^[A-Za-z0-9\-.]{1,64}$/.test(id)) {
    sessionStorage.setItem(STORE_KEY, JSON.stringify({ ...readStore(), [base]: id }));
  }
}

/** The Appointment the last booking at this FHIR base (`/fhir/r4/…`) made, if any. */
export function lastFhirBooking(base: string): string | null {
  return readStore()[base] ?? null;
}
