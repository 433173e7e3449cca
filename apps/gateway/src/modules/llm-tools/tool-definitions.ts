import {
  GATEWAY_PREFIXES,
  VOICE_TOOLS,
  VOICE_TOOL_NAMES,
  type ToolDefinitionsResponse,
  type ToolPlatform,
  type VoiceToolName,
} from '@ehr-gateway/contracts';
import { z } from 'zod';

/** The Vapi webhook every tool is sent to, and Retell's per-tool custom-function path. */
export const VAPI_TOOLS_PATH = `${GATEWAY_PREFIXES.llmTools}/tools/query-healthcare-entities`;
export const retellToolPath = (tool: VoiceToolName) =>
  `${GATEWAY_PREFIXES.llmTools}/tools/retell/${tool}`;

/** A tool's arguments as JSON Schema, as the platforms take it (no `$schema`). */
export function toolParameters(tool: VoiceToolName): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(VOICE_TOOLS[tool].args, {
    io: 'input',
  }) as Record<string, unknown>;
  return schema;
}

/**
 * Ready-to-paste definitions of every scheduling tool for a platform: Vapi's function tools with
 * the webhook as server, Retell's custom functions with one URL each, or OpenAI function tools.
 */
export function toolDefinitions(platform: ToolPlatform, baseUrl: string): ToolDefinitionsResponse {
  const tools = VOICE_TOOL_NAMES.map((name) => {
    const { description } = VOICE_TOOLS[name];
    const parameters = toolParameters(name);
    switch (platform) {
      case 'vapi':
        return {
          type: 'function',
          async: false,
          function: { name, description, parameters },
          server: { url: `${baseUrl}${VAPI_TOOLS_PATH}` },
        };
      case 'retell':
        return {
          type: 'custom',
          name,
          description,
          url: `${baseUrl}${retellToolPath(name)}`,
          parameters,
          speak_during_execution: false,
          speak_after_execution: true,
          timeout_ms: 20_000,
        };
      case 'openai':
        return { type: 'function', function: { name, description, parameters } };
    }
  });
  return {
    platform,
    serverUrl: platform === 'vapi' ? `${baseUrl}${VAPI_TOOLS_PATH}` : baseUrl,
    tools,
  };
}
