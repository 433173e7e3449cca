import type { FastifyInstance } from 'fastify';

import { badRequest } from '../lib/http-errors.js';
import { findUnstorableText } from '../lib/storable-text.js';

/**
 * Refuses, with a 400 naming the field, any request whose query, path parameters or body hold a
 * NUL character or an unpaired surrogate: no field of any route has a use for them, and PostgreSQL
 * cannot store them. Routes that must answer every payload themselves (the voice-agent webhooks)
 * opt out with `acceptsAnyText`; what they store is made storable by the database layer.
 */
export function registerUnstorableInputCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.acceptsAnyText) {
      return;
    }
    const field =
      findUnstorableText(request.query, 'query') ??
      findUnstorableText(request.params, 'path') ??
      findUnstorableText(request.body, 'body');
    if (field) {
      const name = field.replace(/^(query|path|body)\./, '');
      throw badRequest(
        `${name}: contains a NUL character or an unpaired UTF-16 surrogate, which the gateway does not accept`,
        [{ field: name, message: 'contains a NUL character or an unpaired UTF-16 surrogate' }],
      );
    }
  });
}
