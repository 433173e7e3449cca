import {
  HEADERS,
  VAPI_TOOLS_PATH,
  retellToolPath,
  type VoiceToolName,
} from '@ehr-gateway/contracts';
import {
  fillArguments,
  type VoiceEvalExpectation,
  type VoiceEvalScript,
  type VoiceEvalSource,
} from '@ehr-gateway/synthetic-practice/voice-eval';

import { signForRetell } from '../../src/modules/llm-tools/retell-signature.js';
import { RETELL_API_KEY, type Lane } from './lane.js';

export type Platform = 'vapi' | 'retell';

/** A tool's answer: the sentence said and the data kept, or an error for the agent. */
interface Answer {
  sentence: string;
  data: Record<string, unknown>;
  error?: string;
  /** Retell: errors come as the result text, indistinguishable from a sentence without data. */
  errorsAsText?: boolean;
}

export interface ConversationOutcome {
  scriptId: string;
  title: string;
  platform: Platform;
  source: VoiceEvalSource;
  passed: boolean;
  transcript: string[];
  problems: string[];
}

function readAnswer(text: string): Answer {
  const start = text.indexOf(' {');
  if (start === -1) {
    return { sentence: text, data: {} };
  }
  try {
    return {
      sentence: text.slice(0, start),
      data: JSON.parse(text.slice(start + 1)) as Record<string, unknown>,
    };
  } catch {
    return { sentence: text, data: {} };
  }
}

/** One tool call over the platform, as the platform sends it. */
async function callTool(
  lane: Lane,
  platform: Platform,
  callId: string,
  toolCallId: string,
  name: string,
  args: Record<string, unknown>,
): Promise<Answer> {
  if (platform === 'vapi') {
    const response = await lane.app.inject({
      method: 'POST',
      url: VAPI_TOOLS_PATH,
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: lane.apiKey },
      payload: {
        message: {
          type: 'tool-calls',
          call: { id: callId },
          toolCallList: [{ id: toolCallId, type: 'function', function: { name, arguments: args } }],
        },
      },
    });
    if (response.statusCode !== 200) {
      return { sentence: '', data: {}, error: `HTTP ${response.statusCode}: ${response.body}` };
    }
    const [result] = (response.json() as { results: Array<{ result?: string; error?: string }> })
      .results;
    return result?.error !== undefined
      ? { sentence: '', data: {}, error: result.error }
      : readAnswer(result?.result ?? '');
  }
  const raw = JSON.stringify({ call: { call_id: callId, tool_call: toolCallId }, name, args });
  const response = await lane.app.inject({
    method: 'POST',
    url: retellToolPath(name as VoiceToolName),
    headers: {
      'content-type': 'application/json',
      [HEADERS.retellSignature]: signForRetell(raw, RETELL_API_KEY),
    },
    payload: raw,
  });
  if (response.statusCode !== 200) {
    return { sentence: '', data: {}, error: `HTTP ${response.statusCode}: ${response.body}` };
  }
  // Retell has one string for both; an expected error is looked for in it (see problemsOf).
  return { ...readAnswer((response.json() as { result: string }).result), errorsAsText: true };
}

/** Objects match field by field, arrays item by item (an empty array only an empty one). */
function isSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      (expected.length > 0 || actual.length === 0) &&
      expected.every((item, index) => isSubset(item, actual[index]))
    );
  }
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    return (
      actual !== null &&
      typeof actual === 'object' &&
      Object.entries(expected).every(([key, value]) =>
        isSubset(value, (actual as Record<string, unknown>)[key]),
      )
    );
  }
  return JSON.stringify(expected) === JSON.stringify(actual);
}

const matches = (pattern: string, text: string) => new RegExp(pattern, 'i').test(text);

/** "Monday December 7th at 8:30 in the morning with …" → ["Monday", "8:30 in the morning"]. */
function weekdayAndTime(when: string): [string, string] {
  const weekday = when.split(' ')[0] ?? '';
  const time = /\bat (.+?)(?:,| with |$)/.exec(when)?.[1] ?? '';
  return [weekday, time];
}

/** What the answer fails of the expectation, in words; empty when it meets it. */
function problemsOf(expect: VoiceEvalExpectation, answer: Answer): string[] {
  const problems: string[] = [];
  if (expect.error !== undefined) {
    const error = answer.error ?? (answer.errorsAsText ? answer.sentence : undefined);
    if (error === undefined || !matches(expect.error, error)) {
      problems.push(`expected an error matching /${expect.error}/`);
    }
    return problems;
  }
  if (answer.error !== undefined) {
    return [`the tool answered with an error: ${answer.error}`];
  }
  if (expect.says && !matches(expect.says, answer.sentence)) {
    problems.push(`expected the sentence to match /${expect.says}/`);
  }
  if (expect.neverSays && matches(expect.neverSays, answer.sentence)) {
    problems.push(`the sentence must not match /${expect.neverSays}/`);
  }
  if (expect.data && !isSubset(expect.data, answer.data)) {
    problems.push(`expected the data to include ${JSON.stringify(expect.data)}`);
  }
  const offers = (answer.data.offers ?? []) as Array<{ when: string }>;
  if (expect.offers) {
    const { min, max, each, first } = expect.offers;
    if (min !== undefined && offers.length < min) {
      problems.push(`expected at least ${min} offers, got ${offers.length}`);
    }
    if (max !== undefined && offers.length > max) {
      problems.push(`expected at most ${max} offers, got ${offers.length}`);
    }
    for (const offer of each ? offers : []) {
      if (!matches(each!, offer.when)) {
        problems.push(`offer "${offer.when}" does not match /${each}/`);
      }
    }
    if (first && !(offers[0] && matches(first, offers[0].when))) {
      problems.push(`expected the first offer to match /${first}/`);
    }
  }
  if (expect.sameWeekdayAndTimeAs !== undefined) {
    const [weekday, time] = weekdayAndTime(expect.sameWeekdayAndTimeAs);
    const [gotWeekday, gotTime] = offers[0] ? weekdayAndTime(offers[0].when) : ['', ''];
    // Booked meanwhile (another script may have taken it), the same time may go, if said so.
    const timeTaken = /same time is taken/i.test(answer.sentence);
    if (
      gotWeekday !== weekday ||
      (gotTime !== time && !timeTaken) ||
      offers[0]?.when === expect.sameWeekdayAndTimeAs
    ) {
      problems.push(
        `expected the first offer a week on, on ${weekday} at ${time}; got ${gotWeekday} at ${gotTime}`,
      );
    }
  }
  if (expect.appointments) {
    const listed = (answer.data.appointments ?? []) as Array<{ when: string }>;
    const { count, each } = expect.appointments;
    if (count !== undefined && listed.length !== count) {
      problems.push(`expected ${count} appointments listed, got ${listed.length}`);
    }
    for (const entry of each ? listed : []) {
      if (!matches(each!, entry.when)) {
        problems.push(`appointment "${entry.when}" does not match /${each}/`);
      }
    }
  }
  return problems;
}

const brief = (args: Record<string, unknown>) =>
  JSON.stringify(args, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 40 ? `${value.slice(0, 12)}…` : value,
  );

/** Plays one script over one platform against one EHR, turn by turn, stopping at the first miss. */
export async function playScript(
  script: VoiceEvalScript,
  {
    lane,
    platform,
    source,
    run,
  }: { lane: Lane; platform: Platform; source: VoiceEvalSource; run: string },
): Promise<ConversationOutcome> {
  const transcript: string[] = [];
  const problems: string[] = [];
  const kept = new Map<string, Answer>();
  const callId = `eval-${script.id}-${platform}-${source}-${run}`;
  const tenant = source === 'athena' ? { tenant_id: lane.athenaTenantId } : {};
  try {
    for (const [index, turn] of script.turns.entries()) {
      if (turn.athenaFaults) {
        await lane.sandbox.inject({
          method: 'POST',
          url: '/_sandbox/faults',
          payload: turn.athenaFaults,
        });
        transcript.push(`  (the athena sandbox now: ${JSON.stringify(turn.athenaFaults)})`);
      }
      if (turn.caller) {
        transcript.push(`Caller: ${turn.caller.replaceAll('{run}', run)}`);
      }
      const args = {
        ...(fillArguments(turn.args, kept, run) as Record<string, unknown>),
        ...tenant,
      };
      const who = turn.otherCaller ? `${callId}-other` : callId;
      transcript.push(
        `${turn.otherCaller ? 'Another call' : 'Agent'} → ${turn.tool} ${brief(args)}`,
      );
      const answer = await callTool(lane, platform, who, `${who}-${index}`, turn.tool, args);
      transcript.push(
        answer.error !== undefined ? `  ✖ error: ${answer.error}` : `  ← ${answer.sentence}`,
      );
      if (turn.as) {
        kept.set(turn.as, answer);
      }
      const missed = turn.expect
        ? problemsOf(fillArguments(turn.expect, kept, run) as VoiceEvalExpectation, answer)
        : [];
      if (missed.length > 0) {
        problems.push(...missed.map((problem) => `turn ${index + 1} (${turn.tool}): ${problem}`));
        transcript.push(...missed.map((problem) => `  ✖ ${problem}`));
        break;
      }
    }
  } finally {
    if (script.turns.some((turn) => turn.athenaFaults)) {
      await lane.sandbox.inject({ method: 'DELETE', url: '/_sandbox/faults' });
    }
  }
  return {
    scriptId: script.id,
    title: script.title,
    platform,
    source,
    passed: problems.length === 0,
    transcript,
    problems,
  };
}
