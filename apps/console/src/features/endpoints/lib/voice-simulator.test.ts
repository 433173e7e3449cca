import { describe, expect, it } from 'vitest';

import { EMPTY_MEMORY, proposeArguments, readToolAnswer, remember } from './voice-simulator';

describe('voice simulator', () => {
  it('splits an answer into the sentence and the data', () => {
    expect(readToolAnswer('Thank you, Linda. {"verified":true,"patientRef":"p"}')).toEqual({
      sentence: 'Thank you, Linda.',
      data: { verified: true, patientRef: 'p' },
    });
    expect(readToolAnswer('No data here.')).toEqual({ sentence: 'No data here.', data: {} });
  });

  it('carries references from tool to tool: patient, offers, the booked appointment', () => {
    let memory = remember(EMPTY_MEMORY, { verified: true, patientRef: 'p1' });
    memory = remember(memory, { offers: [{ slotToken: 's1' }, { slotToken: 's2' }] });
    expect(proposeArguments('book_appointment', [], memory)).toEqual({
      patientRef: 'p1',
      slotToken: 's1',
    });
    memory = remember(memory, { booked: true, appointment: 'a1' });
    memory = remember(memory, { appointments: [{ appointment: 'older' }, { appointment: 'a1b' }] });
    expect(proposeArguments('reschedule_appointment', [], memory)).toEqual({
      patientRef: 'p1',
      appointment: 'a1',
      slotToken: 's2',
    });
    memory = remember(memory, { cancelled: true });
    expect(memory.appointment).toBeUndefined();
  });

  it("reads the caller's name, date of birth and phone from what they said", () => {
    const said = ['Hi, this is Linda Wright, born 4/19/2017.', 'My number is 312-555-0142.'];
    expect(proposeArguments('verify_patient', said, EMPTY_MEMORY)).toEqual({
      firstName: 'Linda',
      lastName: 'Wright',
      dob: '2017-04-19',
      phone: '312-555-0142',
    });
  });
});
