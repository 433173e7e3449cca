import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { API_TAGS, ErrorResponse, VapiToolResponse } from '@ehr-gateway/contracts';

import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../lib/json-depth.js';
import type { LlmToolsService } from './llm-tools-service.js';

const NOT_JSON = Symbol('not-json');

/**
 * Vapi treats any status but 200 as a failed tool call and reads nothing from it, so this route
 * answers malformed input with 200 and an error string too. Only authentication failures (401)
 * and oversized bodies (413) keep their status.
 */
export async function registerLlmToolsRoutes(app: FastifyInstance, service: LlmToolsService) {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (_request, body, done) => {
        if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
          done(null, { [NOT_JSON]: true });
          return;
        }
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(null, { [NOT_JSON]: true });
        }
      },
    );

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: '/tools/query-healthcare-entities',
      config: {
        source: 'llm-tools',
        scope: 'tools',
        acceptsVapiSecret: true,
        acceptsAnyText: true,
      },
      schema: {
        operationId: 'queryHealthcareEntitiesTool',
        summary:
          'Vapi tool-call webhook: find locations, departments and providers for a voice agent',
        description:
          'Accepts Vapi tool-call messages (toolCallList, toolWithToolCallList, toolCalls; arguments as an object or a JSON string) and the legacy function-call message. Authenticate with x-api-key or X-Vapi-Secret.',
        tags: [API_TAGS.voiceAgentTools],
        body: z.unknown(),
        response: { 200: VapiToolResponse, 401: ErrorResponse, 413: ErrorResponse },
      },
      handler: async (request) => {
        const body = request.body as Record<PropertyKey, unknown> | undefined;
        if (body && typeof body === 'object' && body[NOT_JSON]) {
          return {
            results: [],
            error: `The request body is not valid JSON nested at most ${MAX_JSON_DEPTH} levels deep`,
          };
        }
        return service.handle(body);
      },
    });
  });
}
