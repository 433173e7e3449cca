import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';

import { FHIR_CONTENT_TYPES, FHIR_JSON_FORMATS, HEADERS } from '@ehr-gateway/contracts';

import { registerJsonBodyParser } from '../../plugins/json-body.js';
import { asFhirError, FhirError, operationOutcome, outcomeOfErrorBody } from './fhir-outcome.js';

/**
 * What every request under the FHIR base goes through besides the gateway's own traffic handling:
 * FHIR's JSON content types in and out, content negotiation (406), and every error answered as an
 * OperationOutcome, the gateway's own refusals (401, 403, 429, 503…) included.
 */

const FHIR_ANSWER_TYPE = `${FHIR_CONTENT_TYPES.fhirJson}; charset=utf-8`;

/** Media types a FHIR client may ask for and get JSON. */
const ACCEPTABLE = new Set<string>([
  FHIR_CONTENT_TYPES.fhirJson,
  FHIR_CONTENT_TYPES.json,
  '*/*',
  'application/*',
]);

function acceptsJson(accept: string | undefined): boolean {
  if (!accept) {
    return true;
  }
  return accept.split(',').some((part) => {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    return ACCEPTABLE.has(type) && !refused;
  });
}

export function sendResource(reply: FastifyReply, statusCode: number, resource: Resource) {
  return reply.code(statusCode).type(FHIR_ANSWER_TYPE).send(JSON.stringify(resource));
}

const isRestErrorBody = (body: unknown): body is { statusCode: number; message: string } =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { statusCode?: unknown }).statusCode === 'number' &&
  typeof (body as { message?: unknown }).message === 'string';

export function registerFhirHttp(scope: FastifyInstance) {
  registerJsonBodyParser(scope, [FHIR_CONTENT_TYPES.fhirJson, FHIR_CONTENT_TYPES.jsonPatch]);

  scope.addHook('onRequest', async (request: FastifyRequest) => {
    const format = (request.query as { _format?: unknown })._format;
    const formats = Array.isArray(format) ? format : format === undefined ? [] : [format];
    if (formats.some((value) => !FHIR_JSON_FORMATS.includes(String(value)))) {
      throw new FhirError(406, `_format: only JSON is offered (${FHIR_JSON_FORMATS.join(', ')})`, [
        '_format',
      ]);
    }
    if (formats.length === 0 && !acceptsJson(request.headers.accept)) {
      throw new FhirError(406, `Accept: only ${FHIR_CONTENT_TYPES.fhirJson} is offered`, [
        'Accept',
      ]);
    }
  });

  scope.setErrorHandler(async (error, request, reply) => {
    const fhir = asFhirError(error);
    if (!fhir) {
      // The gateway's handler answers (and logs) it; onSend below turns its body into FHIR.
      throw error;
    }
    void reply.headers(fhir.headers);
    return sendResource(
      reply,
      fhir.statusCode,
      operationOutcome([
        { code: fhir.issueType, diagnostics: fhir.message, expression: fhir.expression },
      ]),
    );
  });

  scope.setNotFoundHandler(async (request, reply) =>
    sendResource(
      reply,
      404,
      operationOutcome([
        {
          code: 'not-found',
          diagnostics: `${request.method} ${request.url.split('?')[0]}: no such FHIR interaction; GET {base}/metadata lists them`,
        },
      ]),
    ),
  );

  // The gateway's error bodies (its own refusals and the EHRs') become OperationOutcomes.
  scope.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('json')) {
      return payload;
    }
    void reply.header('content-type', FHIR_ANSWER_TYPE);
    if (request.cacheOutcome) {
      void reply.header(HEADERS.cache, request.cacheOutcome);
    }
    if (reply.statusCode < 400 || typeof payload !== 'string') {
      return payload;
    }
    const body = JSON.parse(payload) as unknown;
    return isRestErrorBody(body) ? JSON.stringify(outcomeOfErrorBody(body)) : payload;
  });
}

/** The headers a FHIR write reads, typed. */
export const writeHeaders = (request: FastifyRequest) => {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    idempotencyKey: header(HEADERS.idempotencyKey),
    ifNoneExist: header(HEADERS.ifNoneExist),
    ifMatch: header(HEADERS.ifMatch),
    strict: /\bhandling\s*=\s*strict\b/i.test(header(HEADERS.prefer) ?? ''),
  };
};
