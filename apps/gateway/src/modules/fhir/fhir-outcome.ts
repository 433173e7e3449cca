import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

import { FhirMappingError, FhirSearchError } from '@ehr-gateway/fhir-mapping';

type IssueType = OperationOutcomeIssue['code'];

/** The OperationOutcome issue type that says what each HTTP status means. */
const ISSUE_TYPE_BY_STATUS: Record<number, IssueType> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  408: 'timeout',
  409: 'conflict',
  412: 'conflict',
  413: 'too-long',
  415: 'not-supported',
  422: 'business-rule',
  429: 'throttled',
  502: 'transient',
  503: 'transient',
  504: 'timeout',
};

export const issueTypeForStatus = (status: number): IssueType =>
  ISSUE_TYPE_BY_STATUS[status] ?? (status >= 500 ? 'exception' : 'processing');

/** A FHIR answer that is an error: the status and what the OperationOutcome says. */
export class FhirError extends Error {
  override name = 'FhirError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** The elements or parameters at fault, named as the client sent them. */
    readonly expression: string[] = [],
    readonly issueType: IssueType = issueTypeForStatus(statusCode),
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function operationOutcome(
  issues: Array<{
    severity?: OperationOutcomeIssue['severity'];
    code: IssueType;
    diagnostics: string;
    expression?: string[];
  }>,
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: issues.map(({ severity = 'error', code, diagnostics, expression }) => ({
      severity,
      code,
      diagnostics,
      ...(expression?.length ? { expression } : {}),
    })),
  };
}

/** The FHIR errors thrown by the mapping and the search parsers, as a FhirError (400). */
export function asFhirError(error: unknown): FhirError | null {
  if (error instanceof FhirError) {
    return error;
  }
  if (error instanceof FhirSearchError) {
    return new FhirError(400, error.message, [error.parameter], 'invalid');
  }
  if (error instanceof FhirMappingError) {
    return new FhirError(
      400,
      error.message,
      error.issues.map((issue) => issue.path),
      'invalid',
    );
  }
  return null;
}

/** The gateway's REST error body (`{statusCode, message, details?}`) as an OperationOutcome. */
export function outcomeOfErrorBody(body: {
  statusCode: number;
  message: string;
  details?: Array<{ field: string; message: string }>;
}): OperationOutcome {
  return operationOutcome([
    {
      code: issueTypeForStatus(body.statusCode),
      diagnostics: body.message,
      expression: body.details?.map((detail) => detail.field),
    },
  ]);
}
