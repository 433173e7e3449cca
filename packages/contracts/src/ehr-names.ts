/** The EHRs the gateway answers from, apart from their schemas (ehr.ts): no zod on the Dashboard. */
export const EHR_SOURCES = ['athena', 'mock', 'fhir'] as const;

/** What the console and messages call each EHR. */
export const EHR_SOURCE_LABELS: Record<(typeof EHR_SOURCES)[number], string> = {
  athena: 'Athena EHR',
  mock: 'Mock EHR',
  fhir: 'FHIR EHR',
};

/** The rules of `FHIR_VENDOR` (docs/fhir.md): base R4, Oracle Health's, or Epic's. */
export const FHIR_VENDORS = ['generic', 'oracle', 'epic'] as const;
/** What the console calls each vendor profile. */
export const FHIR_VENDOR_LABELS: Record<(typeof FHIR_VENDORS)[number], string> = {
  generic: 'FHIR R4 (generic)',
  oracle: 'Oracle Health',
  epic: 'Epic',
};
