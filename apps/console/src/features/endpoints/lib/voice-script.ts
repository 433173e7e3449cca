import type { VoiceToolName } from '@ehr-gateway/contracts';
import { fillArguments, type VoiceEvalScript } from '@ehr-gateway/synthetic-practice/voice-eval';

import type { ToolAnswer } from './voice-simulator';

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

/** Plays a script's turns in order, arguments filled as the evaluation runner fills them; athena faults are the evaluation's to inject, not the console's. */
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
