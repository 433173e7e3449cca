import type { VoiceToolName } from '@ehr-gateway/contracts';
import type { VoiceEvalScript } from '@ehr-gateway/synthetic-practice/voice-eval';

import type { ToolAnswer } from './voice-simulator';

/**
 * An evaluation script played in the simulator: its caller lines and tool calls in order, each
 * "$name.path" argument filled from the answer kept under that name, "{run}" from letters unique
 * to this playing (so a caller who registers is new each time).
 */
export function fillArguments(value: unknown, kept: Map<string, ToolAnswer>, run: string): unknown {
  if (typeof value === 'string') {
    const ref = /^\$(\w+)\.(.+)$/.exec(value);
    if (!ref) {
      return value.replaceAll('{run}', run);
    }
    const answer = kept.get(ref[1]!);
    let at: unknown = answer ? { ...answer.data, sentence: answer.sentence } : undefined;
    for (const step of ref[2]!.split('.')) {
      at =
        at === null || typeof at !== 'object' ? undefined : (at as Record<string, unknown>)[step];
    }
    return at;
  }
  if (Array.isArray(value)) {
    return value.map((item) => fillArguments(item, kept, run));
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillArguments(item, kept, run)]),
    );
  }
  return value;
}

/** Lower-case letters only (names take no digits). */
export const runLetters = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) =>
    String.fromCharCode(97 + (byte % 26)),
  ).join('');

export interface ScriptSteps {
  /** Says a caller line. */
  say(text: string): void;
  /** Calls a tool, on this call or (otherCaller) a second one, and shows the answer. */
  call(
    tool: VoiceToolName,
    args: Record<string, unknown>,
    otherCaller: boolean,
  ): Promise<ToolAnswer>;
}

/** Plays every turn in order; athena faults are the evaluation's to inject, not the console's. */
export async function playVoiceScript(script: VoiceEvalScript, steps: ScriptSteps) {
  const kept = new Map<string, ToolAnswer>();
  const run = runLetters();
  for (const turn of script.turns) {
    if (turn.caller) {
      steps.say(turn.caller.replaceAll('{run}', run));
    }
    const args = fillArguments(turn.args, kept, run) as Record<string, unknown>;
    const answer = await steps.call(turn.tool as VoiceToolName, args, turn.otherCaller === true);
    if (turn.as) {
      kept.set(turn.as, answer);
    }
  }
}
