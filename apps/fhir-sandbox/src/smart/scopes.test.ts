import { describe, expect, it } from 'vitest';

import { grantScopes, parseScope, permits, scopesFor } from './scopes.js';

describe('SMART system scopes', () => {
  it('reads v1 and v2 permissions as the letters they allow', () => {
    expect(parseScope('system/Slot.read')).toEqual({
      text: 'system/Slot.read',
      resourceType: 'Slot',
      letters: 'rs',
    });
    expect(parseScope('system/*.write')?.letters).toBe('cud');
    expect(parseScope('system/Patient.*')?.letters).toBe('cruds');
    expect(parseScope('system/Slot.rs')?.letters).toBe('rs');
    for (const other of [
      'patient/Slot.read',
      'system/Slot.sr',
      'system/Slot.x',
      'openid',
      'system/Observation.rs?category=laboratory',
    ]) {
      expect(parseScope(other), other).toBeNull();
    }
  });

  it('permits each interaction by its letter', () => {
    expect(permits(['system/Slot.read'], 'Slot', 'search')).toBe(true);
    expect(permits(['system/Slot.read'], 'Slot', 'create')).toBe(false);
    expect(permits(['system/Appointment.r'], 'Appointment', 'search')).toBe(false);
    expect(permits(['system/*.cu'], 'Appointment', 'update')).toBe(true);
    expect(permits(['system/*.cu'], 'Appointment', 'read')).toBe(false);
    expect(scopesFor('Slot', 'search')).toBe('system/Slot.s (v2) or system/Slot.read (v1)');
  });

  it('grants what the registration covers, all of it when nothing is asked', () => {
    expect(grantScopes(undefined, ['system/*.rs', 'bogus'])).toEqual({ granted: ['system/*.rs'] });
    expect(grantScopes('system/Slot.read system/Slot.read system/Slot.c', ['system/*.rs'])).toEqual(
      {
        granted: ['system/Slot.read'],
      },
    );
    expect(grantScopes('system/Slot.c', ['system/*.rs'])).toEqual({
      error:
        'none of the requested scopes (system/Slot.c) is a system scope this client is registered for',
    });
  });
});
