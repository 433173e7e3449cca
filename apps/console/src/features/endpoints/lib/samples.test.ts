import { describe, expect, it } from 'vitest';

import { patientWithAppointmentBody, presetsFor } from './presets';
import { nextWeekday } from './samples';

describe('presets', () => {
  it('book the sample patient on the next weekday the mock provider works', () => {
    // Friday 2026-11-20 → Tuesday 2026-11-24 (weekend and Monday skipped).
    const friday = new Date(2026, 10, 20, 12);
    expect(nextWeekday(friday)).toBe('2026-11-23');
    expect(patientWithAppointmentBody(friday).appointment.date).toBe('2026-11-24');
  });

  it('use the configured apiRoot and practice in the Standard paths, with source=mock', () => {
    const presets = presetsFor('Standard', { apiRoot: '/ehr/', practiceId: '777' });
    expect(presets.map((preset) => preset.path)).toEqual([
      '/ehr/777/patients',
      '/ehr/777/appointments',
      '/ehr/777/providers',
      '/ehr/777/departments',
      '/ehr/777/referring-providers',
    ]);
    expect(
      presets.every((preset) => preset.method === 'GET' && preset.params.source === 'mock'),
    ).toBe(true);
  });

  it('use match_type partial and limit_per_entity 10 or 5 in the voice queries', () => {
    const bodies = presetsFor('Voice Config', { apiRoot: '/api', practiceId: '1' })
      .filter((preset) => preset.method === 'POST')
      .map((preset) => JSON.stringify(preset.body));
    const queries = bodies.filter((body) => body.includes('match_type'));
    expect(queries).toHaveLength(3);
    for (const body of queries) {
      expect(body).toContain('"match_type":"partial"');
      expect(body).toMatch(/"limit_per_entity":(10|5)\b/);
    }
  });
});
