/**
 * The voice-agent evaluation set's format: scripted phone calls, each a list of turns in which the
 * caller says something and the agent makes the tool call a good agent would make, with what the
 * answer must contain. The gateway's `npm run eval:voice` plays every script through the Vapi
 * webhook and the Retell endpoint against both EHRs; the console's Voice Agent simulator loads them.
 *
 * Inside `args` and `expect`, a string "$name.path" stands for a value from the answer kept `as`
 * name in an earlier turn (e.g. "$found.offers.0.slotToken"), and "{run}" for letters unique to one
 * playing of the script, so a caller who registers is new each time.
 */

/** The EHRs a script runs against. */
export type VoiceEvalSource = 'mock' | 'athena';

export interface VoiceEvalExpectation {
  /** A case-insensitive regular expression the spoken sentence must match. */
  says?: string;
  /** One the sentence must not match. */
  neverSays?: string;
  /** Fields the answer's data must have, with these values (a subset; nested objects likewise). */
  data?: Record<string, unknown>;
  /** Offers made (find_open_slots, or a booking that found the time taken). */
  offers?: { min?: number; max?: number; each?: string; first?: string };
  /** Appointments listed (list_appointments). */
  appointments?: { count?: number; each?: string };
  /**
   * The first offer falls on the same weekday and clock time as this spoken time (a "$ref" to an
   * earlier offer's `when`), on another date, as "the same time next week" must; another time
   * only when the sentence says the same time is taken.
   */
  sameWeekdayAndTimeAs?: string;
  /** The tool answered with an error for the agent instead of a sentence; matches this. */
  error?: string;
}

export interface VoiceEvalTurn {
  /** What the caller says before the agent makes this tool call. */
  caller?: string;
  /** The scheduling tool the agent calls. */
  tool: string;
  args: Record<string, unknown>;
  /** The name this answer is kept under, for "$name.path" in later turns. */
  as?: string;
  /** Another phone call (a second caller, at the same moment) makes this tool call. */
  otherCaller?: boolean;
  /** Faults the athena sandbox applies from this turn on (scripts that set it run on athena only). */
  athenaFaults?: Record<string, unknown>;
  expect?: VoiceEvalExpectation;
}

export interface VoiceEvalScript {
  id: string;
  title: string;
  /** What it exercises: "no-specialty", "child", "asap", "reschedule", … */
  tags: string[];
  /** The EHRs it runs against; both when omitted. */
  sources?: VoiceEvalSource[];
  turns: VoiceEvalTurn[];
}

/** The caller's lines of a script, in order: what the simulator types for them. */
export const callerLines = (script: VoiceEvalScript): string[] =>
  script.turns.flatMap((turn) => (turn.caller ? [turn.caller] : []));
