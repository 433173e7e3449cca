/**
 * The one mapping between the gateway's normalised EHR types (@ehr-gateway/contracts) and FHIR R4:
 * `xToFhir` for a face that answers in FHIR, `xFromFhir` for a connector that reads a FHIR EHR.
 * Validation with @medplum/core lives apart, in `@ehr-gateway/fhir-mapping/validation`.
 */
export * from './systems.js';
export * from './result.js';
export * from './ids.js';
export { conceptText, parseReference, pickCoding, type NormalisedAddress } from './values.js';
export * from './patient.js';
export * from './practitioner.js';
export * from './location.js';
export * from './schedule.js';
export * from './slot.js';
export * from './appointment-status.js';
export * from './appointment.js';
export * from './booking.js';
export * from './search-params.js';
export * from './date-params.js';
export * from './bundle.js';
