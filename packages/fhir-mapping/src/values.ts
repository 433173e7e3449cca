import type {
  Address,
  CodeableConcept,
  Coding,
  Identifier,
  Period,
  Reference,
} from '@medplum/fhirtypes';

import type { PatientDetail } from '@ehr-gateway/contracts';

/** The normalised address (patients, departments, referring providers share it). */
export type NormalisedAddress = PatientDetail['address'];

/** Small helpers the resource mappings share, both ways. */

/** `Type/id` from a relative or absolute reference (`https://x/fhir/r4/Patient/123`), or null. */
export function parseReference(
  reference: Reference | string | undefined,
): { resourceType: string; id: string } | null {
  const text = typeof reference === 'string' ? reference : reference?.reference;
  if (!text) {
    return null;
  }
  const path = text.split(/[?#]/)[0]!.replace(/\/_history\/[^/]+$/, '');
  const match = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(path);
  return match ? { resourceType: match[1]!, id: match[2]! } : null;
}

export const reference = (resourceType: string, id: string, display?: string | null) => ({
  reference: `${resourceType}/${id}`,
  ...(display ? { display } : {}),
});

/** A concept with one coding in `system`, named by `text`. */
export function concept(system: string, code: string, text?: string | null): CodeableConcept {
  return {
    coding: [{ system, code, ...(text ? { display: text } : {}) }],
    ...(text ? { text } : {}),
  };
}

/** A coding in any of the concepts: in `preferredSystem` first, then the first with a code. */
export function pickCoding(
  concepts: readonly (CodeableConcept | undefined)[],
  preferredSystem?: string,
): Coding | undefined {
  const codings = concepts.flatMap((c) => c?.coding ?? []).filter((coding) => coding.code);
  return (
    (preferredSystem ? codings.find((coding) => coding.system === preferredSystem) : undefined) ??
    codings[0]
  );
}

/** The concept's words: its text, else its first coding's display. */
export const conceptText = (value: CodeableConcept | undefined): string | undefined =>
  value?.text ?? value?.coding?.find((coding) => coding.display)?.display;

/** Whether an element with a period is in force now (no period, or one not yet ended). */
export function isCurrent(period: Period | undefined, now: Date = new Date()): boolean {
  return !period?.end || Date.parse(period.end) > now.getTime();
}

/**
 * Of repeated elements with a `use` (names, telecoms, addresses), the one to read: the first in
 * force whose use comes earliest in `ranking`; elements with an unranked use come after.
 */
export function pickByUse<T extends { use?: string; period?: Period }>(
  items: readonly T[] | undefined,
  ranking: readonly string[],
): { item: T; index: number } | undefined {
  const candidates = (items ?? [])
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.use !== 'old' && isCurrent(item.period));
  const rank = (use: string | undefined) => {
    const position = use ? ranking.indexOf(use) : -1;
    return position < 0 ? ranking.length : position;
  };
  return candidates.sort((a, b) => rank(a.item.use) - rank(b.item.use) || a.index - b.index)[0];
}

export const identifier = (system: string, value: string, type?: CodeableConcept): Identifier => ({
  ...(type ? { type } : {}),
  system,
  value,
});

/** A FHIR address from the normalised one, or undefined when it holds nothing. */
export function toFhirAddress(address: NormalisedAddress | null | undefined, use: Address['use']) {
  if (!address || !(address.line1 || address.city || address.state || address.zip)) {
    return undefined;
  }
  const fhir: Address = { use };
  if (address.line1) {
    fhir.line = [address.line1];
  }
  if (address.city) {
    fhir.city = address.city;
  }
  if (address.state) {
    fhir.state = address.state;
  }
  if (address.zip) {
    fhir.postalCode = address.zip;
  }
  return fhir;
}

/** The normalised address from a FHIR one: its lines joined with ", ". */
export function fromFhirAddress(address: Address | undefined): NormalisedAddress {
  const lines = address?.line?.filter(Boolean) ?? [];
  return {
    line1: lines.length ? lines.join(', ') : null,
    city: address?.city ?? null,
    state: address?.state ?? null,
    zip: address?.postalCode ?? null,
  };
}
