import { ConversationAnalysis, type ConversationMessage } from '@ehr-gateway/contracts';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';

import { analyzeConversation, type AnalyzeOptions } from './builtin-analyzer.js';
import { todayIn, type Today } from './today.js';
import { analysisJsonSchema, conversationPrompt, systemPrompt } from './llm-prompt.js';
import { KNOWN_SPECIALTIES } from './specialty-vocabulary.js';

export interface LlmAnalyzerConfig {
  /** An OpenAI-compatible endpoint, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseURL: string;
  apiKey: string;
  model: string;
  /** The whole request must finish within this; the scheduling answer cannot wait longer. */
  timeoutMs?: number;
}

export interface LlmAnalyzer {
  model: string;
  analyze(messages: ConversationMessage[], options: AnalyzeOptions): Promise<ConversationAnalysis>;
}

export interface AnalyzerInfo {
  kind: 'built-in' | 'llm';
  model: string | null;
  /** Why the LLM's answer was not used, when one was configured. */
  fallbackReason: string | null;
}

/** A failure of the LLM path, worded for the answer's fallbackReason. */
export class LlmAnalysisError extends Error {
  override name = 'LlmAnalysisError';
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function todayFor(options: AnalyzeOptions): { today: Today; timezone: string } {
  const timezone = options.timezone ?? 'UTC';
  try {
    return { today: todayIn(timezone, options.now), timezone };
  } catch {
    return { today: todayIn('UTC', options.now), timezone: 'UTC' };
  }
}

/** Error messages a person can act on; they end up in the answer's fallbackReason. */
function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number): LlmAnalysisError {
  if (timedOut) {
    return new LlmAnalysisError(`LLM request timed out after ${seconds(timeoutMs)}`);
  }
  if (error instanceof APIError && error.status !== undefined) {
    return new LlmAnalysisError(`LLM endpoint answered HTTP ${error.status}`);
  }
  if (error instanceof APIConnectionError) {
    return new LlmAnalysisError(`LLM endpoint could not be reached (${error.message})`);
  }
  return new LlmAnalysisError(
    `LLM request failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/** Models echo "cardiology" or "CARDIOLOGY"; the contract uses the practice's spelling. */
function withCanonicalSpecialty(analysis: ConversationAnalysis): ConversationAnalysis {
  const given = analysis.extractedInfo.specialty;
  const canonical = KNOWN_SPECIALTIES.find((name) => name.toLowerCase() === given?.toLowerCase());
  return canonical === undefined
    ? analysis
    : { ...analysis, extractedInfo: { ...analysis.extractedInfo, specialty: canonical } };
}

function parseAnalysis(content: string | null | undefined): ConversationAnalysis {
  if (!content) {
    throw new LlmAnalysisError('LLM answered with no content');
  }
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    throw new LlmAnalysisError('LLM answered with text that is not JSON');
  }
  const parsed = ConversationAnalysis.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new LlmAnalysisError(`LLM analysis does not match the schema (${where})`);
  }
  return withCanonicalSpecialty(parsed.data);
}

/**
 * An analyser backed by any OpenAI-compatible chat-completions endpoint, asked for structured
 * output in the contract's schema. It throws a clear Error on an HTTP error, a timeout, or an
 * answer that is not JSON or not a valid analysis; analyzeWithFallback turns that into the
 * built-in analysis plus the reason.
 */
export function createLlmAnalyzer({
  baseURL,
  apiKey,
  model,
  timeoutMs = 8000,
}: LlmAnalyzerConfig): LlmAnalyzer {
  // No retries: a second attempt would not fit in the time the patient is waiting.
  const client = new OpenAI({ baseURL, apiKey, timeout: timeoutMs, maxRetries: 0 });
  const schema = analysisJsonSchema();
  return {
    model,
    async analyze(messages, options) {
      const { today, timezone } = todayFor(options);
      // Our own deadline covers the whole exchange, body included, not only the headers.
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const completion = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: systemPrompt(today, timezone) },
              { role: 'user', content: conversationPrompt(messages) },
            ],
            response_format: {
              type: 'json_schema',
              json_schema: { name: 'conversation_analysis', strict: true, schema },
            },
          },
          { signal: controller.signal },
        );
        const message = completion.choices[0]?.message;
        if (message?.refusal) {
          throw new LlmAnalysisError(`LLM refused to answer: ${message.refusal}`);
        }
        return parseAnalysis(message?.content);
      } catch (error) {
        if (error instanceof LlmAnalysisError) {
          throw error;
        }
        const timedOut = controller.signal.aborted || error instanceof APIConnectionTimeoutError;
        throw describeFailure(error, timedOut, timeoutMs);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * Analyses with the LLM when one is configured and falls back to the built-in analyser on any
 * failure, saying why, so the scheduling answer never fails because the LLM did.
 */
export async function analyzeWithFallback(
  messages: ConversationMessage[],
  options: AnalyzeOptions,
  llm: LlmAnalyzer | null,
): Promise<{ analysis: ConversationAnalysis; analyzer: AnalyzerInfo }> {
  if (llm === null) {
    return {
      analysis: analyzeConversation(messages, options),
      analyzer: { kind: 'built-in', model: null, fallbackReason: null },
    };
  }
  try {
    const analysis = await llm.analyze(messages, options);
    return { analysis, analyzer: { kind: 'llm', model: llm.model, fallbackReason: null } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      analysis: analyzeConversation(messages, options),
      analyzer: {
        kind: 'built-in',
        model: null,
        fallbackReason: `${reason} (model ${llm.model}); used the built-in analyser`,
      },
    };
  }
}
