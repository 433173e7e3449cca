import type { VoiceToolName } from '@ehr-gateway/contracts';
import { useState } from 'react';

import type { VoiceEvalScript } from '@ehr-gateway/synthetic-practice/voice-eval';

import { playVoiceScript } from './voice-script';
import {
  analyzeCallerWords,
  callToolAsVapi,
  EMPTY_MEMORY,
  proposeArguments,
  remember,
  type CallMemory,
  type ToolAnswer,
} from './voice-simulator';

export type Turn =
  | { id: number; kind: 'caller'; text: string }
  | {
      id: number;
      kind: 'tool';
      tool: VoiceToolName;
      args: Record<string, unknown>;
      answer: ToolAnswer;
    };

/** The line a simulated call is made on: the gateway, the key it presents and the tenant it asks. */
export interface CallLine {
  origin: string;
  apiKey: string;
  tenantId: string;
}

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

const newCallId = () => `console-${crypto.randomUUID()}`;

/** The arguments the user typed, or why they cannot be sent. */
export function parseToolArguments(
  argsText: string,
): { args: Record<string, unknown> } | { problem: string } {
  try {
    const args: unknown = JSON.parse(argsText);
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return { problem: 'The arguments must be a JSON object.' };
    }
    return { args: args as Record<string, unknown> };
  } catch {
    return { problem: 'The arguments are not valid JSON.' };
  }
}

/**
 * One simulated call: what was said, what the agent remembers from the answers, and the tool
 * calls made through the Vapi webhook under this call's id (so references carry between tools).
 */
export function useSimulatedCall({ origin, apiKey, tenantId }: CallLine) {
  const [callId, setCallId] = useState(newCallId);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [memory, setMemory] = useState<CallMemory>(EMPTY_MEMORY);
  const [busy, setBusy] = useState<'propose' | 'call' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const key = apiKey.trim();
  const tenant = Number(tenantId) || 1;
  const callerSaid = turns.flatMap((turn) => (turn.kind === 'caller' ? [turn.text] : []));

  function addCallerTurn(text: string) {
    setTurns((current) => [...current, { id: current.length, kind: 'caller', text }]);
  }

  /** Arguments for the tool from the conversation so far (the gateway's analyser helps with slots). */
  async function propose(tool: VoiceToolName): Promise<Record<string, unknown> | undefined> {
    setBusy('propose');
    setProblem(null);
    try {
      const analysis =
        tool === 'find_open_slots' && key
          ? await analyzeCallerWords({ origin, apiKey: key, callerSaid, tenantId: tenant })
          : undefined;
      return proposeArguments(tool, callerSaid, memory, analysis);
    } catch (error) {
      setProblem(messageOf(error));
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  async function callTool(tool: VoiceToolName, argsText: string) {
    const parsed = parseToolArguments(argsText);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    if (!key) {
      setProblem('Enter an API key with the tools scope.');
      return;
    }
    const args = { ...parsed.args, tenant_id: tenant };
    setBusy('call');
    setProblem(null);
    try {
      const answer = await callToolAsVapi({ origin, apiKey: key, callId, tool, args });
      setTurns((current) => [...current, { id: current.length, kind: 'tool', tool, args, answer }]);
      setMemory((current) => remember(current, answer.data));
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  function restart() {
    const fresh = newCallId();
    setCallId(fresh);
    setTurns([]);
    setMemory(EMPTY_MEMORY);
    setProblem(null);
    return fresh;
  }

  /** A new call playing an evaluation script's turns (a second caller on a call of its own). */
  async function playScript(script: VoiceEvalScript) {
    if (!key) {
      setProblem('Enter an API key with the tools scope.');
      return;
    }
    const playing = restart();
    setBusy('call');
    try {
      await playVoiceScript(script, {
        say: addCallerTurn,
        call: async (tool, scripted, otherCaller) => {
          const args = { ...scripted, tenant_id: tenant };
          const answer = await callToolAsVapi({
            origin,
            apiKey: key,
            callId: otherCaller ? `${playing}-other` : playing,
            tool,
            args,
          });
          setTurns((current) => [
            ...current,
            { id: current.length, kind: 'tool', tool, args, answer },
          ]);
          setMemory((current) => remember(current, answer.data));
          return answer;
        },
      });
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(null);
    }
  }

  return {
    turns,
    busy,
    problem,
    setProblem,
    addCallerTurn,
    propose,
    callTool,
    restart,
    playScript,
  };
}
