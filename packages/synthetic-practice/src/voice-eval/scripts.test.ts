import { VOICE_TOOL_NAMES, type VoiceToolName } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import { callerLines, VOICE_EVAL_SCRIPTS } from './index.js';

/** Every "$name" a value refers to. */
const refsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [...value.matchAll(/^\$(\w+)\./g)].map((match) => match[1]!)
    : Array.isArray(value)
      ? value.flatMap(refsIn)
      : value !== null && typeof value === 'object'
        ? Object.values(value).flatMap(refsIn)
        : [];

describe('the voice-agent evaluation scripts', () => {
  it('are at least 60, with unique ids, each with a caller line', () => {
    expect(VOICE_EVAL_SCRIPTS.length).toBeGreaterThanOrEqual(60);
    const ids = VOICE_EVAL_SCRIPTS.map((script) => script.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const script of VOICE_EVAL_SCRIPTS) {
      expect(callerLines(script).length, script.id).toBeGreaterThan(0);
    }
  });

  it('call only real tools, and refer only to answers kept in an earlier turn', () => {
    for (const script of VOICE_EVAL_SCRIPTS) {
      const kept = new Set<string>();
      for (const turn of script.turns) {
        expect(VOICE_TOOL_NAMES, script.id).toContain(turn.tool as VoiceToolName);
        for (const ref of refsIn(turn.args)) {
          expect(kept.has(ref), `${script.id}: ${turn.tool} uses $${ref} before it is kept`).toBe(
            true,
          );
        }
        if (turn.as) {
          kept.add(turn.as);
        }
      }
    }
  });

  it('cover every kind of call the evaluation promises', () => {
    const tags = new Set(VOICE_EVAL_SCRIPTS.flatMap((script) => script.tags));
    for (const tag of [
      'no-specialty',
      'child',
      'asap',
      'named-provider',
      'weekday',
      'after-work',
      'same-time-next-week',
      'cancel-by-date',
      'two-appointments',
      'new-caller',
      'slot-taken',
      'outage',
    ]) {
      expect(tags, tag).toContain(tag);
    }
  });
});
