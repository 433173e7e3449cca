import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from '../lib/http-errors.js';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../lib/json-depth.js';

type ParseJson = (request: FastifyRequest, body: string) => unknown;

export const tooDeep = () =>
  new HttpError(
    400,
    `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels is not accepted`,
    'VALIDATION_ERROR',
    [{ field: 'body', message: `nested deeper than ${MAX_JSON_DEPTH} levels` }],
  );

/**
 * JSON bodies: refused with 400 when nested deeper than MAX_JSON_DEPTH (checked before parsing);
 * an empty body counts as no body, as clients such as axios send it with GET and DELETE, so a
 * route that needs a body still says so through its own validation.
 */
export function registerJsonBodyParser(app: FastifyInstance, contentTypes = ['application/json']) {
  const parse = app.getDefaultJsonParser('error', 'error') as unknown as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, value?: unknown) => void,
  ) => void;
  const parseJson: ParseJson = (request, body) => {
    let result: unknown;
    let failure: Error | null = null;
    parse(request, body, (error, value) => {
      failure = error;
      result = value;
    });
    if (failure) {
      throw failure;
    }
    return result;
  };
  for (const type of contentTypes) {
    if (app.hasContentTypeParser(type)) {
      app.removeContentTypeParser(type);
    }
  }
  app.addContentTypeParser(
    contentTypes,
    { parseAs: 'string' },
    async (request: FastifyRequest, body: string | Buffer) => {
      const text = body.toString();
      if (text.length === 0) {
        return undefined;
      }
      if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
        throw tooDeep();
      }
      return parseJson(request, text);
    },
  );
}
