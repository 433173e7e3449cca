import { z } from 'zod';

/**
 * Vapi's tool-call answer (ServerMessageResponseToolCalls): always HTTP 200, one result per call
 * in call order, each with `name` and `toolCallId` and either `result` or `error`, as single-line
 * strings, as Vapi's published response schema for tool calls has it.
 */
export const VapiToolCallResult = z.object({
  toolCallId: z.string(),
  name: z.string(),
  result: z.string().optional(),
  error: z.string().optional(),
});

export const VapiToolCallsResponse = z.object({
  results: z.array(VapiToolCallResult),
  error: z.string().optional(),
});
export type VapiToolCallsResponse = z.infer<typeof VapiToolCallsResponse>;

/** The answer to a legacy `function-call` message. */
export const VapiLegacyFunctionResponse = z.object({
  result: z.string().optional(),
  error: z.string().optional(),
});

export const VapiToolResponse = z.union([VapiToolCallsResponse, VapiLegacyFunctionResponse]);
