import { writeFileSync } from 'node:fs';

import {
  VOICE_EVAL_SCRIPTS,
  type VoiceEvalScript,
  type VoiceEvalSource,
} from '@ehr-gateway/synthetic-practice/voice-eval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openLane, type Lane } from './lane.js';
import { playScript, type ConversationOutcome, type Platform } from './play.js';

/**
 * The voice-agent evaluation set (`npm run eval:voice`): every script played against the Mock EHR
 * and the athena sandbox, over Vapi and Retell. One gateway (and athena sandbox) per platform; its
 * Mock EHR and athena conversations are two queues side by side, each played in order, so every
 * conversation sees the bookings of those before it. Scripts that inject athena faults come last.
 */
const PLATFORMS: Platform[] = ['vapi', 'retell'];
const ALL_SOURCES: VoiceEvalSource[] = ['mock', 'athena'];

interface Conversation {
  script: VoiceEvalScript;
  platform: Platform;
  source: VoiceEvalSource;
  run: string;
}

const injectsFaults = (script: VoiceEvalScript) => script.turns.some((turn) => turn.athenaFaults);

/** Letters only (names take no digits): a, b, …, z, ba, bb, … */
const lettersOf = (n: number): string =>
  (n >= 26 ? lettersOf(Math.floor(n / 26)) : '') + String.fromCharCode(97 + (n % 26));

/** `npm run eval:voice -- --only <pattern>`: the scripts whose id matches, while working on them. */
const only = process.env.VOICE_EVAL_ONLY ? new RegExp(process.env.VOICE_EVAL_ONLY) : null;

/**
 * Each script against each EHR it names, over Vapi and Retell in turn (script by script), so both
 * platforms meet both EHRs on every kind of conversation while the set stays quick.
 */
const conversations: Conversation[] = VOICE_EVAL_SCRIPTS.filter(
  (script) => !only || only.test(script.id),
)
  .flatMap((script, index) =>
    (script.sources ?? ALL_SOURCES).map((source, sourceIndex) => {
      const platform = PLATFORMS[(index + sourceIndex) % PLATFORMS.length]!;
      return {
        script,
        platform,
        source,
      };
    }),
  )
  .sort((a, b) => Number(injectsFaults(a.script)) - Number(injectsFaults(b.script)))
  .map((conversation, index) => ({ ...conversation, run: lettersOf(index + 26) }));

const outcomes = new Map<Conversation, ConversationOutcome>();

describe('voice-agent evaluation set', () => {
  beforeAll(async () => {
    const lanes: Array<[Platform, Lane]> = [];
    // One at a time: two gateways migrating their databases at once crowd a small machine.
    for (const platform of PLATFORMS) {
      lanes.push([platform, await openLane()]);
    }
    try {
      await Promise.all(
        lanes.flatMap(([platform, lane]) =>
          ALL_SOURCES.map(async (source) => {
            for (const conversation of conversations.filter(
              (c) => c.platform === platform && c.source === source,
            )) {
              const { script, run } = conversation;
              outcomes.set(conversation, await playScript(script, { lane, platform, source, run }));
            }
          }),
        ),
      );
    } finally {
      await Promise.all(lanes.map(([, lane]) => lane.close()));
    }
  }, 600_000);

  afterAll(() => {
    const report = process.env.VOICE_EVAL_REPORT;
    if (report) {
      writeFileSync(report, JSON.stringify([...outcomes.values()], null, 2));
    }
  });

  it.skipIf(only)('has at least 60 scripts, played over both platforms against both EHRs', () => {
    expect(VOICE_EVAL_SCRIPTS.length).toBeGreaterThanOrEqual(60);
    const pairs = new Set(conversations.map((c) => `${c.platform}:${c.source}`));
    expect(pairs.size).toBe(PLATFORMS.length * ALL_SOURCES.length);
  });

  it.each(
    conversations.map((c) => [`${c.script.id} over ${c.platform} against ${c.source}`, c] as const),
  )('%s', (_name, conversation) => {
    const outcome = outcomes.get(conversation);
    expect(outcome, 'the conversation did not play').toBeDefined();
    expect(outcome!.passed, outcome!.transcript.join('\n')).toBe(true);
  });
});
