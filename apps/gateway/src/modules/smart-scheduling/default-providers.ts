import type { Appointment, ConversationAnalysis, Provider } from '@ehr-gateway/contracts';
import { addDays } from '@ehr-gateway/calendar';

import type { EhrCallContext, EhrClient } from '../ehr/index.js';

/** Why these providers were searched: what the caller named, or the default that applied. */
export type ProviderBasis =
  'named' | 'specialty' | 'usual' | 'pediatrics' | 'primary-care' | 'none';

/** Under this age a patient is seen in pediatrics, where the practice has it. */
export const PEDIATRIC_UNTIL_AGE = 18;
/**
 * Which of a patient's appointments count towards their usual provider: the last ten months and
 * the two ahead (athena lists at most a year at a time).
 */
const HISTORY_DAYS_BACK = 300;
const HISTORY_DAYS_AHEAD = 60;

const PRIMARY_CARE = /\b(?:family|internal medicine|primary care|general (?:practice|medicine))\b/i;
const PEDIATRICS = /\bpediatric/i;

/** What the EHR says about the patient that picks a default: their age and recent visits. */
export interface PatientFacts {
  dob: string | null;
  history: Appointment[];
}

/** Whole years between a YYYY-MM-DD birth date and a YYYY-MM-DD day. */
export function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The provider the patient has seen most among their kept appointments (the most recent one on a
 * tie), if they still work here.
 */
export function usualProviderOf(history: Appointment[], candidates: Provider[]): Provider | null {
  const seen = new Map<string, { count: number; latest: string }>();
  for (const appointment of history) {
    if (appointment.status === 'Cancelled' || appointment.status === 'Open') {
      continue;
    }
    const entry = seen.get(appointment.providerId) ?? { count: 0, latest: '' };
    entry.count += 1;
    entry.latest = appointment.startTime > entry.latest ? appointment.startTime : entry.latest;
    seen.set(appointment.providerId, entry);
  }
  const ranked = candidates
    .filter((provider) => seen.has(provider.id))
    .sort((a, b) => {
      const [sa, sb] = [seen.get(a.id)!, seen.get(b.id)!];
      return sb.count - sa.count || sb.latest.localeCompare(sa.latest);
    });
  return ranked[0] ?? null;
}

/**
 * Who to search when the caller named neither a provider nor a kind of care: their usual provider
 * (then colleagues of the same specialty), else pediatrics for a child, else primary care.
 */
export function defaultProviders(
  candidates: Provider[],
  patient: PatientFacts,
  today: string,
): { providers: Provider[]; basis: ProviderBasis } {
  const usual = usualProviderOf(patient.history, candidates);
  if (usual) {
    const colleagues = candidates.filter(
      (p) => p.id !== usual.id && p.specialty !== null && p.specialty === usual.specialty,
    );
    return { providers: [usual, ...colleagues], basis: 'usual' };
  }
  const child = patient.dob !== null && ageOn(patient.dob, today) < PEDIATRIC_UNTIL_AGE;
  const pediatrics = candidates.filter((p) => PEDIATRICS.test(p.specialty ?? ''));
  if (child && pediatrics.length > 0) {
    return { providers: pediatrics, basis: 'pediatrics' };
  }
  const primaryCare = candidates.filter(
    (p) => PRIMARY_CARE.test(p.specialty ?? '') || (child && PEDIATRICS.test(p.specialty ?? '')),
  );
  if (primaryCare.length > 0) {
    return { providers: primaryCare, basis: 'primary-care' };
  }
  return { providers: [], basis: 'none' };
}

/**
 * Whether choosing providers looks at the patient's history: only for the defaults, when the
 * caller named neither a provider nor a kind of care (see chooseProviders).
 */
export function needsHistory(analysis: ConversationAnalysis): boolean {
  const { providerName, specialty } = analysis.extractedInfo;
  return !providerName && !specialty;
}

/** The patient's appointments that count towards their usual provider. */
export async function historyOf(
  client: EhrClient,
  practiceId: string,
  patientId: string,
  today: string,
  ctx: EhrCallContext,
): Promise<Appointment[]> {
  const { appointments } = await client.listAppointments(
    practiceId,
    {
      startDate: addDays(today, -HISTORY_DAYS_BACK),
      endDate: addDays(today, HISTORY_DAYS_AHEAD),
      patientId,
    },
    ctx,
  );
  return appointments;
}

function matchesProviderName(provider: Provider, name: string): boolean {
  const wanted = name
    .toLowerCase()
    .replace(/\b(dr|doctor)\b\.?\s*/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const haystack = `${provider.firstName} ${provider.lastName}`.toLowerCase();
  return wanted.length > 0 && wanted.every((part) => haystack.includes(part));
}

/**
 * The specialty to search, lower-cased: primary care for a child is pediatrics where the practice
 * has it ("a check-up", "he's sick" read as family medicine), else the specialty as analysed.
 */
function specialtyFor(
  specialty: string,
  candidates: Provider[],
  patient: PatientFacts | null,
  today: string,
): string {
  const child = patient?.dob ? ageOn(patient.dob, today) < PEDIATRIC_UNTIL_AGE : false;
  const pediatrics = candidates.find((p) => PEDIATRICS.test(p.specialty ?? ''))?.specialty;
  return child && pediatrics && PRIMARY_CARE.test(specialty)
    ? pediatrics.toLowerCase()
    : specialty.toLowerCase();
}

/** Who to search: the provider named, the specialty named, else the defaults for this patient. */
export function chooseProviders(
  candidates: Provider[],
  analysis: ConversationAnalysis,
  patient: PatientFacts | null,
  today: string,
): { providers: Provider[]; basis: ProviderBasis; named: Provider[] } {
  const { providerName, specialty } = analysis.extractedInfo;
  const wanted = specialty ? specialtyFor(specialty, candidates, patient, today) : null;
  const sameName = providerName
    ? candidates.filter((p) => matchesProviderName(p, providerName))
    : [];
  // "Dr. Wilson" in pediatrics is the pediatrician, when two providers share the name.
  const ofSpecialty = sameName.filter((p) => p.specialty?.toLowerCase() === wanted);
  const named = ofSpecialty.length > 0 ? ofSpecialty : sameName;
  if (named.length > 0) {
    return { providers: named, basis: 'named', named };
  }
  if (wanted) {
    const bySpecialty = candidates.filter((p) => p.specialty?.toLowerCase() === wanted);
    return { providers: bySpecialty, basis: 'specialty', named };
  }
  // A provider asked for by a name nobody has is not replaced by a default, and without a known
  // patient there is nothing to choose a default from: the caller is asked instead.
  if (providerName || !patient) {
    return { providers: [], basis: 'none', named };
  }
  return { ...defaultProviders(candidates, patient, today), named };
}
