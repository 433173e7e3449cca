import { describe, expect, it } from 'vitest';

import { spokenConfirmation } from './spoken.js';

describe('spokenConfirmation', () => {
  it('reads an athena appointment number digit by digit in groups of four', () => {
    expect(spokenConfirmation('1048277')).toBe('Your confirmation number is 1 0 4 8, 2 7 7.');
    expect(spokenConfirmation('1048277', 'Your new')).toBe(
      'Your new confirmation number is 1 0 4 8, 2 7 7.',
    );
  });

  it('never reads out an opaque FHIR id; the booking is referred to by name and birth date', () => {
    for (const id of ['79c3c637-9ce1-4a8e-b1a2-0f3c5d6e7f80', 'eZ3.kW-9aXbc12', '1234567890123']) {
      const sentence = spokenConfirmation(id);
      expect(sentence).toBe('The clinic has it under your name and date of birth.');
      expect(sentence).not.toContain(id.slice(0, 4));
    }
  });
});
