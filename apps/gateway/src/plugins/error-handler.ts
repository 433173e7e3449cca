import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { HEADERS } from '@ehr-gateway/contracts';

import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/database-errors.js';
import type { FieldProblem } from '../lib/http-errors.js';
import { createOutageReporter } from '../lib/outage-reporter.js';
import { HttpError } from '../lib/http-errors.js';

interface ZodIssueLike {
  instancePath: string;
  message: string;
  keyword: string;
  params: { keys?: string[] };
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

function describeValidation(issues: ZodIssueLike[], context: string | undefined): FieldProblem[] {
  return issues.flatMap((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && issue.params.keys?.length) {
      return issue.params.keys.map((key) => ({
        field: path ? `${path}.${key}` : key,
        message: `unknown field "${key}" is not allowed`,
      }));
    }
    const field = path || CONTEXT_NAMES[context ?? ''] || 'request';
    return [{ field, message: issue.message }];
  });
}

/**
 * One error shape everywhere: `{statusCode, error, message, code?, details?}`. Client errors say
 * what was wrong in the caller's terms; server errors are generic and the cause goes to the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  const database = createOutageReporter(app.log, 'Database');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = describeValidation(
        error.validation as unknown as ZodIssueLike[],
        error.validationContext,
      );
      const where = CONTEXT_NAMES[error.validationContext ?? ''] ?? 'request';
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        code: 'VALIDATION_ERROR',
        message: `Invalid ${where}: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`,
        details,
      });
    }

    if (error instanceof HttpError) {
      if (error.headers) {
        void reply.headers(error.headers);
      }
      return reply.code(error.statusCode).send(error.toBody());
    }

    if (isDatabaseUnavailable(error)) {
      database.failure(error);
      request.failure = error;
      return reply.code(503).header(HEADERS.retryAfter, String(DATABASE_RETRY_AFTER_SECONDS)).send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The gateway cannot reach its database right now. Retry shortly.',
        code: 'DATABASE_UNAVAILABLE',
      });
    }

    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.code(statusCode).send({
        statusCode,
        error: clientErrorTitle(statusCode),
        message: clientErrorMessage(error),
        code: error.code,
      });
    }

    request.log.error({ err: error }, 'request failed');
    request.failure = error;
    return reply.code(500).send({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'The gateway could not complete the request. It has been logged.',
      code: 'INTERNAL_ERROR',
    });
  });
}

function clientErrorTitle(statusCode: number): string {
  switch (statusCode) {
    case 413:
      return 'Payload Too Large';
    case 415:
      return 'Unsupported Media Type';
    default:
      return statusCode === 404 ? 'Not Found' : 'Bad Request';
  }
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Malformed JSON body: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is larger than the gateway accepts';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: ${error.message.replace(/^Unsupported Media Type:?\s*/i, '')}; send application/json`;
    default:
      return error.message;
  }
}
