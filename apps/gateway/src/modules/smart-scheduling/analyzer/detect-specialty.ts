import type { Turn } from './conversation.js';
import type { AgeFinding } from './patient-age.js';
import { KNOWN_SPECIALTIES, SPECIALTY_RULES } from './specialty-vocabulary.js';
import { isNegatedAt } from './text.js';

export interface SpecialtyFinding {
  specialty: string | null;
  confidence: number;
  /** The patient's words that led to the specialty. */
  evidence: string[];
  /** Why: the patient's words alone, or the age rule that redirected them. */
  basis: 'words' | 'child' | 'older-adult' | null;
}

interface Tally {
  specialty: string;
  score: number;
  strongest: number;
  named: boolean;
  lastOrder: number;
  evidence: string[];
}

/**
 * Scores every specialty over the patient's turns. Each turn counts double the one before, so
 * "oh sorry, I meant dermatology" outweighs the cardiology said two turns earlier, while a
 * strong early reason still beats a passing word later.
 */
function tallySpecialties(turns: Turn[]): Tally[] {
  const tallies = new Map<string, Tally>();
  turns.forEach((turn, position) => {
    const recency = 2 ** position;
    for (const rule of SPECIALTY_RULES) {
      const hits = [...turn.text.matchAll(rule.pattern)].filter(
        (match) => !isNegatedAt(turn.text, match.index),
      );
      if (hits.length === 0) {
        continue;
      }
      const tally = tallies.get(rule.specialty) ?? {
        specialty: rule.specialty,
        score: 0,
        strongest: 0,
        named: false,
        lastOrder: -1,
        evidence: [],
      };
      tally.score += rule.weight * recency;
      tally.strongest = Math.max(tally.strongest, rule.weight);
      tally.named ||= rule.named;
      tally.lastOrder = Math.max(tally.lastOrder, turn.order);
      for (const hit of hits) {
        if (!tally.evidence.includes(hit[0])) {
          tally.evidence.push(hit[0]);
        }
      }
      tallies.set(rule.specialty, tally);
    }
  });
  return [...tallies.values()].sort(
    (a, b) =>
      b.score - a.score ||
      b.lastOrder - a.lastOrder ||
      KNOWN_SPECIALTIES.indexOf(a.specialty) - KNOWN_SPECIALTIES.indexOf(b.specialty),
  );
}

/**
 * The specialty the conversation points to. Clear rules on top of the words: a child sees
 * Pediatrics unless the patient named a specialty or the problem is an injury for
 * Orthopedics; an older adult's general care (what would be Family Medicine) goes to Internal
 * Medicine.
 */
export function detectSpecialty(
  turns: Turn[],
  age: AgeFinding,
  /** For a cancellation only the appointment's own words count: "my son is sick" is why. */
  namedOnly = false,
): SpecialtyFinding {
  const tallies = tallySpecialties(turns);
  if (namedOnly) {
    const named = tallies.find((t) => t.strongest === 3);
    return named
      ? {
          specialty: named.specialty,
          confidence: 0.8,
          evidence: named.evidence.slice(0, 3),
          basis: 'words',
        }
      : { specialty: null, confidence: 0, evidence: [], basis: null };
  }
  const [winner, runnerUp] = tallies;
  if (age.group === 'child' && (!winner || (!winner.named && winner.specialty !== 'Orthopedics'))) {
    return {
      specialty: 'Pediatrics',
      confidence: winner ? 0.75 : 0.6,
      evidence: [age.evidence ?? 'a child', ...(winner?.evidence.slice(0, 2) ?? [])],
      basis: 'child',
    };
  }
  if (!winner) {
    return { specialty: null, confidence: 0, evidence: [], basis: null };
  }
  if (age.group === 'older-adult' && winner.specialty === 'Family Medicine' && !winner.named) {
    return {
      specialty: 'Internal Medicine',
      confidence: 0.75,
      evidence: [age.evidence ?? 'an older adult', ...winner.evidence.slice(0, 2)],
      basis: 'older-adult',
    };
  }
  let confidence = winner.named ? 0.95 : winner.strongest >= 2 ? 0.8 : 0.5;
  if (runnerUp && runnerUp.score >= winner.score * 0.8) {
    confidence -= 0.2;
  }
  return {
    specialty: winner.specialty,
    confidence,
    evidence: winner.evidence.slice(0, 3),
    basis: 'words',
  };
}
