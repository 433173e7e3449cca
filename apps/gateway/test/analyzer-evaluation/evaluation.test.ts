import { describe, expect, it } from 'vitest';

import { analyzeConversation } from '../../src/modules/smart-scheduling/analyzer/index.js';
import {
  EVALUATION_NOW,
  EVALUATION_SET,
  EVALUATION_TIMEZONE,
  type EvaluationCase,
} from './evaluation-set.js';

const FIELDS = ['intent', 'specialty', 'urgency', 'dates', 'timePreference'] as const;
type Field = (typeof FIELDS)[number];
/** The field must be right in at least this share of the conversations. */
const REQUIRED_ACCURACY = 0.9;

function actualOf(item: EvaluationCase): Record<Field, unknown> {
  const analysis = analyzeConversation(item.messages, {
    now: EVALUATION_NOW,
    timezone: EVALUATION_TIMEZONE,
  });
  const date = analysis.extractedInfo.datePreference;
  return {
    intent: analysis.intent,
    specialty: analysis.extractedInfo.specialty,
    urgency: analysis.extractedInfo.urgency,
    dates: date && { startDate: date.startDate, endDate: date.endDate },
    timePreference: analysis.extractedInfo.timePreference,
  };
}

describe('built-in analyser against the evaluation set', () => {
  it('has at least 40 labelled conversations with unique ids', () => {
    expect(EVALUATION_SET.length).toBeGreaterThanOrEqual(40);
    expect(new Set(EVALUATION_SET.map((item) => item.id)).size).toBe(EVALUATION_SET.length);
  });

  it(`reaches ${REQUIRED_ACCURACY * 100}% accuracy on every field`, () => {
    const correct: Record<Field, number> = {
      intent: 0,
      specialty: 0,
      urgency: 0,
      dates: 0,
      timePreference: 0,
    };
    const misses: string[] = [];
    for (const item of EVALUATION_SET) {
      const actual = actualOf(item);
      for (const field of FIELDS) {
        const expected = item.expected[field];
        if (JSON.stringify(actual[field]) === JSON.stringify(expected)) {
          correct[field] += 1;
        } else {
          misses.push(
            `${item.id} · ${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual[field])}`,
          );
        }
      }
    }
    const total = EVALUATION_SET.length;
    const accuracy = Object.fromEntries(
      FIELDS.map((field) => [field, correct[field] / total]),
    ) as Record<Field, number>;
    // The report is the point of this test: it shows how the analyser does, field by field.
    console.log(
      `Conversation analyser accuracy on ${total} conversations\n` +
        FIELDS.map(
          (field) =>
            `  ${field.padEnd(15)} ${String(correct[field]).padStart(3)}/${total}  ${(accuracy[field] * 100).toFixed(1).padStart(5)}%`,
        ).join('\n') +
        (misses.length ? `\nMisses:\n  ${misses.join('\n  ')}` : ''),
    );
    for (const field of FIELDS) {
      expect(accuracy[field], `${field} accuracy`).toBeGreaterThanOrEqual(REQUIRED_ACCURACY);
    }
  });
});
