/**
 * What a reverse mapping (FHIR → normalised) says about its input. Real EHRs send resources this
 * mapping reads only in part: a warning names what was dropped or guessed, an error what made the
 * resource unusable. `path` is a FHIRPath-like location in the input (`Patient.name[1].given`).
 */
export interface MappingIssue {
  path: string;
  message: string;
}

export type MappingResult<T> =
  | { ok: true; value: T; warnings: MappingIssue[] }
  | { ok: false; errors: MappingIssue[]; warnings: MappingIssue[] };

/** Thrown by the forward mappings for input they cannot express, and by `unwrapMapping`. */
export class FhirMappingError extends Error {
  override name = 'FhirMappingError';
  constructor(readonly issues: MappingIssue[]) {
    super(issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '));
  }
}

/** Collects warnings and errors while one resource is read. */
export class IssueLog {
  readonly warnings: MappingIssue[] = [];
  readonly errors: MappingIssue[] = [];

  warn(path: string, message: string): void {
    this.warnings.push({ path, message });
  }

  error(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  result<T>(value: T): MappingResult<T> {
    return this.errors.length
      ? { ok: false, errors: this.errors, warnings: this.warnings }
      : { ok: true, value, warnings: this.warnings };
  }
}

/** The value, or a FhirMappingError naming every error. */
export function unwrapMapping<T>(result: MappingResult<T>): T {
  if (!result.ok) {
    throw new FhirMappingError(result.errors);
  }
  return result.value;
}
