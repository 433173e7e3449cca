import { STATUS_CODES } from 'node:http';

import { HEADERS } from '@ehr-gateway/contracts';

export interface FieldProblem {
  field: string;
  message: string;
}

/** An error whose message is safe to show a client; the error handler answers with it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: FieldProblem[],
    readonly headers?: Record<string, string>,
    /** Facts the caller needs to recover (sent as `context`). */
    readonly context?: Record<string, string | number | boolean | null>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }

  /** The answer a client gets for this error (the shape every error answer has). */
  toBody() {
    return {
      statusCode: this.statusCode,
      error: this.error,
      message: this.message,
      code: this.code,
      details: this.details,
      context: this.context,
    };
  }
}

export const badRequest = (message: string, details?: FieldProblem[]) =>
  new HttpError(400, message, 'VALIDATION_ERROR', details);

export const validationError = (field: string, message: string) =>
  badRequest(`${field}: ${message}`, [{ field, message }]);

export const unauthorized = (message: string, code = 'UNAUTHORIZED') =>
  new HttpError(401, message, code);

export const forbidden = (message: string, code = 'FORBIDDEN') => new HttpError(403, message, code);

export const notFound = (message: string, code = 'NOT_FOUND') => new HttpError(404, message, code);

export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, message, code);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, 'TOO_MANY_REQUESTS', undefined, {
    [HEADERS.retryAfter]: String(retryAfterSeconds),
  });
