import { createHash } from 'node:crypto';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  API_TAGS,
  ErrorResponse,
  LLM_TOOL_ROUTES,
  RetellToolParams,
  RetellToolResponse,
  ToolDefinitionsQuery,
  ToolDefinitionsResponse,
  toolDefinitions,
  VapiToolResponse,
} from '@ehr-gateway/contracts';

import { unauthorized } from '../../lib/http-errors.js';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../lib/json-depth.js';
import { callContextOf } from '../ehr/index.js';
import { isSchedulingTool, type LlmToolsService } from './llm-tools-service.js';
import { checkRetellSignature } from './retell-signature.js';
import type { SchedulingToolsService } from './scheduling-tools-service.js';

const NOT_JSON = Symbol('not-json');

export interface LlmToolsRouteOptions {
  service: LlmToolsService;
  schedulingTools: Pick<SchedulingToolsService, 'run'>;
  retellApiKey?: string;
  publicBaseUrl?: string;
}

/** Without a platform call id, references are bound to the API key that called. */
const callerKeyOf = (request: FastifyRequest) =>
  `key:${request.apiKey?.id ?? request.apiKey?.name ?? 'unknown'}`;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Vapi treats any status but 200 as a failed tool call and reads nothing from it, so this route
 * answers malformed input with 200 and an error string too. Only authentication failures (401)
 * and oversized bodies (413) keep their status.
 */
export async function registerLlmToolsRoutes(
  app: FastifyInstance,
  { service, schedulingTools, retellApiKey, publicBaseUrl }: LlmToolsRouteOptions,
) {
  // The raw body, for Retell's signature (it signs the bytes it sent, not a re-serialisation).
  const rawBodies = new WeakMap<FastifyRequest, string>();
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
        done(null, { [NOT_JSON]: true });
        return;
      }
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, { [NOT_JSON]: true });
      }
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: LLM_TOOL_ROUTES.vapiWebhook,
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
        const answer = await service.handle(body, {
          callerKey: callerKeyOf(request),
          ctx: callContextOf(request),
        });
        // Scheduling tool calls are logged and counted as the tools source.
        if ('results' in answer && answer.results.some((r) => isSchedulingTool(r.name))) {
          request.gatewaySource = 'tools';
        }
        return answer;
      },
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: LLM_TOOL_ROUTES.retellTool,
      config: {
        source: 'tools',
        scope: 'tools',
        acceptsRetellSignature: true,
        acceptsAnyText: true,
      },
      schema: {
        operationId: 'retellSchedulingTool',
        summary: 'Retell custom function: one scheduling tool, named in the path',
        description:
          "Accepts Retell's custom-function body ({call, name, args}) or the arguments alone. Authenticate with X-Retell-Signature (v=<ms>,d=<hex>: HMAC-SHA256 of the raw body and the timestamp, keyed by RETELL_API_KEY; at most five minutes old) or x-api-key; a presented signature that does not verify is refused (401) even beside a valid x-api-key. Answers {result}: one sentence to say, then data for the agent.",
        tags: [API_TAGS.voiceAgentTools],
        params: RetellToolParams,
        body: z.unknown(),
        response: { 200: RetellToolResponse, 401: ErrorResponse, 413: ErrorResponse },
      },
      preHandler: async (request) => {
        if (request.retellSignature === undefined) {
          return;
        }
        const check = checkRetellSignature(
          request.retellSignature,
          rawBodies.get(request) ?? '',
          retellApiKey ?? '',
        );
        if (check !== 'valid') {
          throw unauthorized(
            check === 'stale'
              ? 'X-Retell-Signature is too old (more than five minutes)'
              : 'Invalid X-Retell-Signature',
            check === 'stale' ? 'RETELL_SIGNATURE_STALE' : 'RETELL_SIGNATURE_INVALID',
          );
        }
      },
      handler: async (request) => {
        const body = request.body as (Json & { [NOT_JSON]?: true }) | undefined;
        if (!isObject(body) || body[NOT_JSON]) {
          return { result: 'The request body must be a JSON object.' };
        }
        // Retell's body is {call, name, args}; the args-only form is the arguments themselves.
        const wrapped =
          isObject(body.args) && Object.keys(body).every((field) => RETELL_ENVELOPE.has(field));
        const args = wrapped ? (body.args as Json) : body;
        const call = isObject(body.call) ? body.call : {};
        const callId = typeof call.call_id === 'string' ? call.call_id : callerKeyOf(request);
        const outcome = await schedulingTools.run(
          {
            name: request.params.tool,
            args,
            callId,
            // Retell retries a call with the same body; its hash stands in for a tool-call id.
            toolCallId: hashOf(rawBodies.get(request) ?? ''),
          },
          callContextOf(request),
        );
        return { result: 'result' in outcome ? outcome.result : outcome.error };
      },
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: LLM_TOOL_ROUTES.definitions,
      config: { source: 'tools', scope: 'tools' },
      schema: {
        operationId: 'getToolDefinitions',
        summary: 'Ready-to-paste scheduling tool definitions for Vapi, Retell or OpenAI',
        description:
          'Generated from the same schemas that validate the arguments. The server URLs use PUBLIC_BASE_URL, else the address this request came to.',
        tags: [API_TAGS.voiceAgentTools],
        querystring: ToolDefinitionsQuery,
        response: { 200: ToolDefinitionsResponse, 400: ErrorResponse },
      },
      handler: async (request) =>
        toolDefinitions(
          request.query.platform,
          publicBaseUrl ?? `${request.protocol}://${request.host}`,
        ),
    });
  });
}

const RETELL_ENVELOPE = new Set(['call', 'name', 'args']);

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
