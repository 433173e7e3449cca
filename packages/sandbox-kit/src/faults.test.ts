import { describe, expect, it } from 'vitest';

import { COUNTED, FAULT_RULES, NO_FAULTS, parseFaultPatch } from './fault-settings.js';
import { createFaults } from './faults.js';

describe('fault patches', () => {
  const rules = { ...FAULT_RULES, extraCount: COUNTED };

  it('accepts the shared knobs and a sandbox own, and names every bad one', () => {
    expect(parseFaultPatch({ latencyMs: 10, errorRate: 0.5, extraCount: 2 }, rules)).toEqual({
      patch: { latencyMs: 10, errorRate: 0.5, extraCount: 2 },
    });
    expect(
      parseFaultPatch({ latencyMs: -1, errorRate: 2, dropConnections: 'yes', nope: 1 }, rules),
    ).toEqual({
      problems: [
        'latencyMs must be a whole number from 0 to 120000',
        'errorRate must be a number from 0 to 1',
        'dropConnections must be true or false',
        'unknown fault "nope"',
      ],
    });
    expect(parseFaultPatch({ toString: 1 }, rules)).toEqual({
      problems: ['unknown fault "toString"'],
    });
    expect(parseFaultPatch([], rules)).toEqual({ problems: ['the body must be a JSON object'] });
  });
});

describe('fault state', () => {
  const withExtra = () =>
    createFaults<typeof NO_FAULTS & { extraCount: number }, 'extra'>({
      defaults: { ...NO_FAULTS, extraCount: 0 },
      seed: 1,
      extraCounted: [{ count: 'extraCount', action: 'extra' }],
    });

  it('spends counted faults in order: 503s, 429s, then the sandbox own', () => {
    const faults = withExtra();
    faults.apply({ fail503Count: 1, force429Count: 1, extraCount: 1 });
    expect(['data', 'data', 'data', 'data'].map(() => faults.next('data'))).toEqual([
      '503',
      '429',
      'extra',
      null,
    ]);
  });

  it('leaves the token endpoint alone unless applyToToken, and never sends it data-only faults', () => {
    const faults = withExtra();
    faults.apply({ fail503Count: 1, force429Count: 1 });
    expect(faults.affects('token')).toBe(false);
    expect(faults.next('token')).toBeNull();
    faults.apply({ applyToToken: true });
    expect(faults.next('token')).toBe('503');
    expect(faults.next('token')).toBeNull();
    expect(faults.next('data')).toBe('429');
  });

  it('drops before anything else, and fails the same calls for the same error rate', () => {
    const faults = withExtra();
    faults.apply({ errorRate: 0.5 });
    const first = Array.from({ length: 20 }, () => faults.next('data'));
    expect(first).toContain('503');
    expect(first).toContain(null);
    faults.apply({ errorRate: 0.5 });
    expect(Array.from({ length: 20 }, () => faults.next('data'))).toEqual(first);
    faults.apply({ dropConnections: true, fail503Count: 1 });
    expect(faults.next('data')).toBe('drop');
    faults.clear();
    expect(faults.settings).toEqual({ ...NO_FAULTS, extraCount: 0 });
  });
});
