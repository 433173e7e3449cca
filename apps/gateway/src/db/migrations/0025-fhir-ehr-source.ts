export const name = '0025-fhir-ehr-source';

/**
 * A voice-config tenant may be served by the FHIR R4 EHR (source=fhir). The check constraint
 * 0005 created under Postgres's default name is replaced by one naming all three EHRs.
 */
export const up = /* sql */ `
alter table tenants drop constraint if exists tenants_ehr_source_check;

alter table tenants add constraint tenants_ehr_source_check
  check (ehr_source in ('athena', 'mock', 'fhir'))
`;
