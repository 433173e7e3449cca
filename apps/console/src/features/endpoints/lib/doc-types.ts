import type { ParameterRow } from './openapi';

/** What the documentation's endpoint cards are made of (doc-tabs.ts builds them). */

/** A declared answer as the card shows it. */
export interface ResponseDoc {
  status: string;
  description: string;
  /** The body's shape as a TypeScript-like outline; empty when the answer has no body. */
  shape: string;
}

/** What the API tester is opened with by "Try in tester". */
export interface TryRequest {
  method: string;
  /** Origin and path, without the query. */
  url: string;
  query: Array<[string, string]>;
  /** The example body, formatted; undefined for requests without one. */
  body?: string;
}

export interface EndpointDoc {
  key: string;
  /** The operation's id: the card's element id, so `/endpoints#listPatients` links to it. */
  anchor: string;
  /** The credentials the operation takes, said for people. */
  auth: string;
  responses: ResponseDoc[];
  tryRequest: TryRequest;
  method: string;
  path: string;
  source: string;
  title: string;
  description: string;
  parametersHeading: 'Query Parameters' | 'Parameters';
  parameters: ParameterRow[];
  exampleRequest: string;
  exampleResponse: string;
}

export interface DocContext {
  origin: string;
  /** The gateway config's practice: the Mock EHR's. */
  practiceId: string;
  /** athena's practice, for athena examples; else the gateway config's. */
  athenaPracticeId?: string | null;
  /** The EHR examples without a tab of their own ask: the Mock EHR where athena is not set up. */
  defaultSource?: 'athena' | 'mock';
}
