/**
 * Reads every shape in which Vapi (and clients imitating it) delivers tool calls: `toolCallList`,
 * `toolWithToolCallList`, the `toolCalls` alias, flattened `{id, name, arguments|parameters}`
 * items, arguments as an object or a JSON string, and the legacy `function-call` message.
 */

export interface ParsedToolCall {
  toolCallId: string;
  name: string;
  /** The arguments as an object, or why they could not be read. */
  args: Record<string, unknown> | { error: string };
}

export type ParsedPayload =
  | { kind: 'tool-calls'; calls: ParsedToolCall[]; callId?: string }
  | { kind: 'legacy'; call: ParsedToolCall; callId?: string }
  | { kind: 'invalid'; error: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asString = (value: unknown) => (typeof value === 'string' ? value : undefined);

export function parseArguments(raw: unknown): Record<string, unknown> | { error: string } {
  if (raw === undefined || raw === null || raw === '') {
    return {};
  }
  if (isObject(raw)) {
    return raw;
  }
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return isObject(parsed) ? parsed : { error: 'Tool arguments must be a JSON object' };
    } catch {
      return { error: 'Tool arguments are not valid JSON' };
    }
  }
  return { error: 'Tool arguments must be a JSON object' };
}

function readCall(item: unknown): ParsedToolCall {
  if (!isObject(item)) {
    return { toolCallId: '', name: '', args: { error: 'Tool call is not an object' } };
  }
  // toolWithToolCallList items carry the call under `toolCall` and the tool under `function`.
  const call = isObject(item.toolCall) ? item.toolCall : item;
  const fn = isObject(call.function) ? call.function : isObject(item.function) ? item.function : {};
  const name = asString(fn.name) ?? asString(call.name) ?? asString(item.name) ?? '';
  const rawArgs = fn.arguments ?? fn.parameters ?? call.arguments ?? call.parameters;
  return {
    toolCallId: asString(call.id) ?? asString(item.id) ?? '',
    name,
    args: parseArguments(rawArgs),
  };
}

const nonEmptyArray = (value: unknown): unknown[] | null =>
  Array.isArray(value) && value.length > 0 ? value : null;

export function parseVapiPayload(body: unknown): ParsedPayload {
  if (!isObject(body)) {
    return { kind: 'invalid', error: 'The request body must be a JSON object' };
  }
  const message = isObject(body.message) ? body.message : body;
  // The phone call the tool calls belong to: the scheduling tools bind their references to it.
  const callId =
    (isObject(message.call) ? asString(message.call.id) : undefined) ??
    (isObject(body.call) ? asString(body.call.id) : undefined);

  if (message.type === 'function-call' || isObject(message.functionCall)) {
    const fn = isObject(message.functionCall) ? message.functionCall : {};
    return {
      kind: 'legacy',
      callId,
      call: {
        toolCallId: '',
        name: asString(fn.name) ?? '',
        args: parseArguments(fn.parameters ?? fn.arguments),
      },
    };
  }

  const items =
    nonEmptyArray(message.toolCallList) ??
    nonEmptyArray(message.toolWithToolCallList) ??
    nonEmptyArray(message.toolCalls);
  if (!items) {
    return {
      kind: 'invalid',
      error: 'The request has no tool calls (toolCallList is empty or missing)',
    };
  }
  return { kind: 'tool-calls', calls: items.map(readCall), callId };
}
