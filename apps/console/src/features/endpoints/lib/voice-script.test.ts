import { fillArguments, VOICE_EVAL_SCRIPTS } from '@ehr-gateway/synthetic-practice/voice-eval';
import { describe, expect, it } from 'vitest';

import { playVoiceScript } from './voice-script';
import type { ToolAnswer } from './voice-simulator';

describe('playing an evaluation script in the simulator', () => {
  it('fills references from the answers kept so far, and {run} with the same letters', () => {
    const kept = new Map<string, ToolAnswer>([
      ['found', { sentence: 'I have…', data: { offers: [{ slotToken: 'slot-1' }] } }],
    ]);
    expect(
      fillArguments({ slotToken: '$found.offers.0.slotToken', lastName: 'Osei{run}' }, kept, 'qz'),
    ).toEqual({ slotToken: 'slot-1', lastName: 'Oseiqz' });
  });

  it('says each caller line and makes each tool call in order, a second caller on its own call', async () => {
    const script = VOICE_EVAL_SCRIPTS.find((s) => s.id === 'slot-taken-child')!;
    const said: string[] = [];
    const calls: Array<[string, boolean, unknown]> = [];
    await playVoiceScript(script, {
      say: (text) => said.push(text),
      call: async (tool, args, other) => {
        calls.push([tool, other, args.patientRef]);
        return { sentence: 'ok', data: { patientRef: `ref-${calls.length}`, offers: [{}] } };
      },
    });
    expect(said[0]).toMatch(/Linda Wright/);
    expect(calls.map(([tool, other]) => `${tool}${other ? ' (other)' : ''}`)).toEqual(
      script.turns.map((t) => `${t.tool}${t.otherCaller ? ' (other)' : ''}`),
    );
    // The other caller's search uses the other caller's reference.
    expect(calls[3]).toEqual(['find_open_slots', true, 'ref-3']);
  });
});
