import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

/**
 * FHIR errors: every refusal on a FHIR route is an OperationOutcome with the HTTP status that
 * says what went wrong. Handlers throw a FhirReply; the app's error handler sends it.
 */

export type IssueCode = OperationOutcomeIssue['code'];

export function outcome(
  severity: OperationOutcomeIssue['severity'],
  code: IssueCode,
  diagnostics: string,
  expression?: string[],
): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity, code, diagnostics, ...(expression?.length ? { expression } : {}) }],
  };
}

export class FhirReply extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: OperationOutcome,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.issue[0]?.diagnostics ?? `HTTP ${statusCode}`);
    this.name = 'FhirReply';
  }
}

const fail =
  (statusCode: number, code: IssueCode) =>
  (diagnostics: string, expression?: string[], headers?: Record<string, string>) =>
    new FhirReply(statusCode, outcome('error', code, diagnostics, expression), headers);

export const badRequest = fail(400, 'invalid');
export const unauthorized = fail(401, 'login');
export const forbidden = fail(403, 'forbidden');
export const notFound = fail(404, 'not-found');
export const notAllowed = fail(405, 'not-supported');
export const notAcceptable = fail(406, 'not-supported');
export const conflict = fail(409, 'conflict');
export const preconditionFailed = fail(412, 'conflict');
export const unsupportedMediaType = fail(415, 'not-supported');
export const unprocessable = fail(422, 'business-rule');
export const tooMany = fail(429, 'throttled');
export const unavailable = fail(503, 'transient');
