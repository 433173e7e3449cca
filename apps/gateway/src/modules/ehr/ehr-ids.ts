import { ehrIdProblem, type EhrSource } from '@ehr-gateway/contracts';

import { validationError } from '../../lib/http-errors.js';

/**
 * 400 naming the first id the chosen EHR cannot issue: athena and the Mock EHR number their
 * records, a FHIR EHR's ids are opaque. Every string field whose name ends in `id` (any case) but
 * the practice's is an EHR id; `fieldPrefix` places nested fields (`patient.`).
 */
export function requireEhrIds(source: EhrSource, values: object, fieldPrefix = ''): void {
  for (const [field, value] of Object.entries(values)) {
    if (field !== 'practiceId' && /id$/i.test(field) && typeof value === 'string') {
      const problem = ehrIdProblem(source, value);
      if (problem) {
        throw validationError(`${fieldPrefix}${field}`, `${problem} for source=${source}`);
      }
    }
  }
}
