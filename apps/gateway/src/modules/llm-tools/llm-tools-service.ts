import type { VoiceConfigQueryBody, VoiceConfigQueryResult } from '@ehr-gateway/contracts';
import {
  VoiceConfigQueryBody as QueryBodySchema,
  VOICE_TOOLS,
  type VoiceToolName,
} from '@ehr-gateway/contracts';

import { HttpError } from '../../lib/http-errors.js';
import type { EhrCallContext } from '../ehr/index.js';
import type { SchedulingToolsService } from './scheduling-tools-service.js';
import { parseVapiPayload, type ParsedToolCall } from './vapi-payload.js';

export const QUERY_TOOL_NAME = 'query_healthcare_entities';
/** Spellings of the tool's name that assistants are configured with. */
const QUERY_TOOL_ALIASES = new Set([
  QUERY_TOOL_NAME,
  'queryHealthcareEntities',
  'query-healthcare-entities',
]);

export interface ToolCallResult {
  toolCallId: string;
  name: string;
  result?: string;
  error?: string;
}

export type ToolCallsAnswer = { results: ToolCallResult[]; error?: string };
export type LegacyAnswer = { result?: string; error?: string };

interface Deps {
  voiceConfig: { query(body: VoiceConfigQueryBody): Promise<VoiceConfigQueryResult> };
  schedulingTools: Pick<SchedulingToolsService, 'run'>;
}

export const isSchedulingTool = (name: string): name is VoiceToolName =>
  Object.hasOwn(VOICE_TOOLS, name);

/** Where a tool call came from: its phone call (or, without one, the caller's key) and request. */
export interface ToolCallOrigin {
  /** The fallback binding when the platform sends no call id. */
  callerKey: string;
  ctx: EhrCallContext;
}

/** Vapi speaks or parses results; a line break would cut them short. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const pick = (args: Record<string, unknown>, ...names: string[]) =>
  names
    .map((name) => args[name])
    .find((value) => value !== undefined && value !== null && value !== '');

const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : [];

/**
 * Turns a tool call's free-form arguments into a cross-entity query. Accepts the query's own
 * shape ({tenant_id, query, options}) and the flatter shapes assistants produce
 * ({search_term, entity_types, match_type, …}).
 */
export function toQueryBody(args: Record<string, unknown>): VoiceConfigQueryBody {
  const nested =
    typeof args.query === 'object' && args.query !== null
      ? (args.query as Record<string, unknown>)
      : {};
  const term = pick(args, 'search_term', 'searchTerm', 'search', 'term', 'name');
  const types = asList(pick(args, 'entity_types', 'entityTypes', 'types'));
  const wanted = types.length ? types : ['locations', 'departments', 'providers'];
  const query: Record<string, unknown> = {};
  for (const entity of ['locations', 'departments', 'providers'] as const) {
    const value =
      nested[entity] ??
      args[entity] ??
      (term !== undefined && wanted.includes(entity) ? term : undefined);
    if (value !== undefined) {
      query[entity] = value;
    }
  }
  if (typeof args.query === 'string' && Object.keys(query).length === 0) {
    for (const entity of wanted) {
      query[entity] = args.query;
    }
  }
  const nestedOptions =
    typeof args.options === 'object' && args.options !== null
      ? (args.options as Record<string, unknown>)
      : {};
  const options = Object.fromEntries(
    Object.entries({
      match_type:
        pick(nestedOptions, 'match_type', 'matchType') ?? pick(args, 'match_type', 'matchType'),
      limit_per_entity:
        pick(nestedOptions, 'limit_per_entity', 'limitPerEntity', 'limit') ??
        pick(args, 'limit_per_entity', 'limitPerEntity', 'limit'),
      include_relations:
        pick(nestedOptions, 'include_relations', 'includeRelations') ??
        pick(args, 'include_relations', 'includeRelations'),
      case_sensitive:
        pick(nestedOptions, 'case_sensitive', 'caseSensitive') ??
        pick(args, 'case_sensitive', 'caseSensitive'),
    }).filter(([, value]) => value !== undefined),
  );
  const candidate = {
    tenant_id: pick(args, 'tenant_id', 'tenantId', 'tenant') ?? undefined,
    query,
    options,
  };
  const parsed = QueryBodySchema.safeParse(candidate);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`,
    );
    throw new HttpError(400, `Invalid arguments: ${problems.join('; ')}`, 'INVALID_TOOL_ARGUMENTS');
  }
  return parsed.data;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** One line an assistant can read aloud, with the matches as JSON it can parse. */
export function describeQueryResult(result: VoiceConfigQueryResult): string {
  const { locations, departments, providers } = result.results;
  const parts = [
    locations.length
      ? `${plural(locations.length, 'location')} (${locations.map((l) => l.name).join(', ')})`
      : null,
    departments.length
      ? `${plural(departments.length, 'department')} (${departments.map((d) => d.name).join(', ')})`
      : null,
    providers.length
      ? `${plural(providers.length, 'provider')} (${providers.map((p) => p.name).join(', ')})`
      : null,
  ].filter(Boolean);
  const summary = parts.length
    ? `Found ${parts.join(', ')}.`
    : 'No matching locations, departments or providers.';
  return oneLine(
    JSON.stringify({
      summary,
      tenant_id: result.tenant_id,
      total_matches: result.summary.total_matches,
      locations: locations.map(({ id, name, address }) => ({ id, name, address })),
      departments: departments.map(({ id, name, code, location }) => ({
        id,
        name,
        code,
        ...(location
          ? { location: { id: location.id, name: location.name, address: location.address } }
          : {}),
      })),
      providers: providers.map(
        ({ id, name, specialty, is_not_accepting_new_patients, departments: linked }) => ({
          id,
          name,
          specialty,
          accepting_new_patients: !is_not_accepting_new_patients,
          ...(linked ? { departments: linked.map((d) => d.name) } : {}),
        }),
      ),
    }),
  );
}

/**
 * Answers Vapi tool-call webhooks. Every call gets a result or an error string, in call order;
 * nothing a caller sends makes the answer anything but a well-formed 200.
 */
export function createLlmToolsService({ voiceConfig, schedulingTools }: Deps) {
  async function runCall(
    call: ParsedToolCall,
    callId: string,
    origin: ToolCallOrigin,
  ): Promise<{ result: string } | { error: string }> {
    if (
      'error' in call.args &&
      typeof call.args.error === 'string' &&
      Object.keys(call.args).length === 1
    ) {
      return { error: call.args.error };
    }
    if (isSchedulingTool(call.name)) {
      return schedulingTools.run(
        {
          name: call.name,
          args: call.args as Record<string, unknown>,
          callId,
          toolCallId: call.toolCallId,
        },
        origin.ctx,
      );
    }
    if (!QUERY_TOOL_ALIASES.has(call.name)) {
      return {
        error: oneLine(
          `Unknown tool "${call.name || '(no name)'}"; this endpoint serves ${[QUERY_TOOL_NAME, ...Object.keys(VOICE_TOOLS)].join(', ')}`,
        ),
      };
    }
    try {
      const body = toQueryBody(call.args as Record<string, unknown>);
      return { result: describeQueryResult(await voiceConfig.query(body)) };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        return { error: oneLine(error.message) };
      }
      return {
        error: 'The healthcare directory is unavailable right now; please try again shortly',
      };
    }
  }

  return {
    async handle(body: unknown, origin: ToolCallOrigin): Promise<ToolCallsAnswer | LegacyAnswer> {
      const payload = parseVapiPayload(body);
      if (payload.kind === 'invalid') {
        return { results: [], error: payload.error };
      }
      const callId = payload.callId ?? origin.callerKey;
      if (payload.kind === 'legacy') {
        return runCall(payload.call, callId, origin);
      }
      const results: ToolCallResult[] = [];
      // One call at a time keeps the database load of a burst of tool calls bounded.
      for (const call of payload.calls) {
        const outcome = call.toolCallId
          ? await runCall(call, callId, origin)
          : { error: 'Tool call has no id' };
        results.push({ toolCallId: call.toolCallId, name: call.name || 'unknown', ...outcome });
      }
      return { results };
    },
  };
}

export type LlmToolsService = ReturnType<typeof createLlmToolsService>;
