import { ConversationAnalysis, type ConversationMessage } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import { analyzeConversation } from './builtin-analyzer.js';

// Monday 2026-11-23, 10:00 in New York; Thursday the 26th is Thanksgiving.
const NOW = new Date('2026-11-23T15:00:00Z');
const TZ = 'America/New_York';

const user = (content: string): ConversationMessage => ({ role: 'user', content });
const assistant = (content: string): ConversationMessage => ({ role: 'assistant', content });
const analyze = (...messages: Array<string | ConversationMessage>) =>
  analyzeConversation(
    messages.map((m) => (typeof m === 'string' ? user(m) : m)),
    { now: NOW, timezone: TZ },
  );
const info = (...messages: Array<string | ConversationMessage>) =>
  analyze(...messages).extractedInfo;
const dates = (...messages: Array<string | ConversationMessage>) => {
  const date = info(...messages).datePreference;
  return date && [date.startDate, date.endDate];
};

describe('intent', () => {
  it.each([
    ['I need to book a physical', 'book'],
    ['my knee hurts', 'book'],
    ['Can I reschedule my appointment?', 'reschedule'],
    ['I need to move my appointment to next week', 'reschedule'],
    ['Could I change my appointment time?', 'reschedule'],
    ['Can we push it back a couple of days?', 'reschedule'],
    ["I can't make my appointment Tuesday, can we do Friday instead?", 'reschedule'],
    ['Please cancel my appointment', 'cancel'],
    ["I can't make it to my appointment tomorrow", 'cancel'],
    ['What are your hours?', 'question'],
    ['Do you take Aetna?', 'question'],
    ['Where is the downtown office located?', 'question'],
    ['Do you have a psychiatrist?', 'question'],
  ] as const)('"%s" → %s', (text, intent) => {
    expect(analyze(text).intent).toBe(intent);
  });

  it('keeps booking when the patient also asks a side question', () => {
    expect(analyze('Do you take Cigna? I would like to book a checkup next week').intent).toBe(
      'book',
    );
  });

  it('stays a reschedule when a later turn just picks the new time', () => {
    const analysis = analyze(
      'I need to reschedule my appointment',
      assistant('Sure, when works for you?'),
      'Can I come in Friday?',
    );
    expect(analysis.intent).toBe('reschedule');
    expect(analysis.extractedInfo.datePreference?.startDate).toBe('2026-11-27');
  });

  it('lets a later turn turn a cancellation into a reschedule', () => {
    expect(
      analyze('Cancel my appointment please', 'Actually, can we reschedule it instead?').intent,
    ).toBe('reschedule');
  });
});

describe('specialty', () => {
  it.each([
    ["I've been having chest pain when I walk", 'Cardiology'],
    ['my heart has palpitations at night', 'Cardiology'],
    ['I want someone to look at my blood pressure', 'Cardiology'],
    ['I have a rash on my arm', 'Dermatology'],
    ['a mole that changed shape', 'Dermatology'],
    ['my acne is out of control', 'Dermatology'],
    ['eczema flare on my hands', 'Dermatology'],
    ['I hurt my knee', 'Orthopedics'],
    ['my back pain is not going away', 'Orthopedics'],
    ['I think my ankle is sprained', 'Orthopedics'],
    ['I had a sports injury to my shoulder', 'Orthopedics'],
    ['my son is sick', 'Pediatrics'],
    ['checkup for my toddler', 'Pediatrics'],
    ["I'm pregnant and need a prenatal visit", 'Obstetrics & Gynecology'],
    ['I need a pap smear', 'Obstetrics & Gynecology'],
    ['my period has been really irregular', 'Obstetrics & Gynecology'],
    ['I get migraines every week', 'Neurology'],
    ['numbness and tingling in my feet', 'Neurology'],
    ['my memory is getting worse, I forget things', 'Neurology'],
    ['stomach pain after every meal', 'Gastroenterology'],
    ['heartburn and reflux', 'Gastroenterology'],
    ['I need a colonoscopy', 'Gastroenterology'],
    ['I have IBS', 'Gastroenterology'],
    ['help managing my diabetes and insulin', 'Endocrinology'],
    ['my thyroid levels are off', 'Endocrinology'],
    ['I need a physical', 'Family Medicine'],
    ['I have the flu and a fever', 'Family Medicine'],
    ['sore throat and a cough', 'Family Medicine'],
    ['looking for an internist', 'Internal Medicine'],
    ['I need to get my eyes checked, I need an eye exam', 'Ophthalmology'],
  ])('"%s" → %s', (text, specialty) => {
    expect(info(text).specialty).toBe(specialty);
  });

  it('names a specialty from a typo', () => {
    expect(info('I need to see a dermotologist').specialty).toBe('Dermatology');
  });

  it('sends a child to Pediatrics, but an injured child to Orthopedics', () => {
    expect(info('my daughter has a rash and a fever').specialty).toBe('Pediatrics');
    expect(info('my 7 year old keeps getting headaches').specialty).toBe('Pediatrics');
    expect(info('my son broke his arm at practice').specialty).toBe('Orthopedics');
  });

  it("sends an older adult's general care to Internal Medicine", () => {
    expect(info("I'm 74 and need my annual physical").specialty).toBe('Internal Medicine');
    expect(info("I'm 34 and need my annual physical").specialty).toBe('Family Medicine');
  });

  it('is null when nothing points to a specialty, and ignores a negated symptom', () => {
    expect(info('I need an appointment').specialty).toBeNull();
    expect(info('my son has a rash but no fever').specialty).toBe('Pediatrics');
    expect(info('no rash, just the flu').specialty).toBe('Family Medicine');
  });

  it('says when the practice has no such specialty', () => {
    expect(analyze('Do you have a psychiatrist?').aiReasoning).toContain(
      'the practice has no Psychiatry providers',
    );
  });
});

describe('urgency', () => {
  it.each([
    ["I can't breathe", 'emergency'],
    ['chest pain and I am sweating a lot', 'emergency'],
    ["my mom's face is drooping and her speech is slurred", 'emergency'],
    ["I cut myself and it won't stop bleeding", 'emergency'],
    ['can I be seen today?', 'urgent'],
    ['I need to come in asap', 'urgent'],
    ['I am in severe pain', 'urgent'],
    ['he has a high fever', 'urgent'],
    ["I can't walk on my ankle", 'urgent'],
    ['anything this week?', 'soon'],
    ['the rash is getting worse', 'soon'],
    ['can I come in tomorrow?', 'soon'],
    ['I need a physical next month', 'routine'],
    ['no chest pain, just a checkup', 'routine'],
  ] as const)('"%s" → %s', (text, urgency) => {
    expect(info(text).urgency).toBe(urgency);
  });

  it('tells an emergency patient to call 911', () => {
    expect(analyze('my chest hurts and my left arm is numb').aiReasoning).toMatch(/call 911/);
  });

  it('lets a later "no rush" take back an earlier hurry', () => {
    expect(info('the rash is spreading', 'actually no rush, it looks better').urgency).toBe(
      'routine',
    );
  });

  it('does not count a cancellation for today as urgent', () => {
    expect(info('please cancel my appointment today').urgency).toBe('routine');
  });
});

describe('time of day', () => {
  it.each([
    ['mornings are best', 'morning'],
    ['before work if possible', 'morning'],
    ['in the afternoon', 'afternoon'],
    ['over my lunch break', 'afternoon'],
    ['after 3pm', 'afternoon'],
    ['evening please', 'evening'],
    ['after 5', 'evening'],
    ['any time works', 'any'],
    ['at 9am', 'morning'],
  ] as const)('"%s" → %s', (text, part) => {
    expect(info(text).timePreference).toBe(part);
  });

  it('ignores greetings, working hours, counts and past events', () => {
    expect(info('Good morning! I need a physical').timePreference).toBeNull();
    expect(info('I work 9 to 5').timePreference).toBeNull();
    expect(info('migraines like 3 times a week').timePreference).toBeNull();
    expect(info('my back went out this morning').timePreference).toBeNull();
  });

  it('takes the time of the offered slot the patient picked', () => {
    expect(
      info(
        'follow-up please',
        assistant('I have Tuesday, December 1 at 9am or Thursday, December 3 at 2pm.'),
        'the thursday one',
      ).timePreference,
    ).toBe('afternoon');
  });
});

describe('dates', () => {
  it.each([
    ['next Tuesday', '2026-12-01', '2026-12-01'],
    ['tomorrow', '2026-11-24', '2026-11-24'],
    ['today', '2026-11-23', '2026-11-23'],
    ['is the 15th open?', '2026-12-15', '2026-12-15'],
    ['next week', '2026-11-30', '2026-12-04'],
    ['this week', '2026-11-23', '2026-11-27'],
    ['in two weeks', '2026-12-07', '2026-12-11'],
    ['the week after next', '2026-12-07', '2026-12-11'],
    ['this Friday afternoon', '2026-11-27', '2026-11-27'],
    ['December 3rd', '2026-12-03', '2026-12-03'],
    ['12/15', '2026-12-15', '2026-12-15'],
    ['Monday', '2026-11-30', '2026-11-30'],
    ['Tuesday or Wednesday', '2026-11-24', '2026-11-25'],
    ['this weekend', '2026-11-28', '2026-11-29'],
    ['sometime next month', '2026-12-01', '2026-12-31'],
    ['mid January', '2027-01-11', '2027-01-20'],
    ['early December', '2026-12-01', '2026-12-10'],
    ['by Friday', '2026-11-23', '2026-11-27'],
    ['before the 15th', '2026-11-23', '2026-12-14'],
    ['the week of December 14', '2026-12-14', '2026-12-18'],
    ['in the next few days', '2026-11-23', '2026-11-26'],
    ['the day after thanksgiving', '2026-11-27', '2026-11-27'],
    ['mañana por la mañana', '2026-11-24', '2026-11-24'],
  ])('"%s" → %s to %s', (text, start, end) => {
    expect(dates(text)).toEqual([start, end]);
  });

  it('keeps the words the patient used', () => {
    expect(info('can I come in next Tuesday?').datePreference).toEqual({
      text: 'next tuesday',
      startDate: '2026-12-01',
      endDate: '2026-12-01',
    });
  });

  it('ignores when symptoms began, days ruled out, habits and durations', () => {
    expect(dates('I twisted my ankle Saturday')).toBeNull();
    expect(dates('she has had a fever since last night')).toBeNull();
    expect(dates('anything but Thursday')).toBeNull();
    expect(dates('are you open on Saturdays?')).toBeNull();
    expect(dates('I have had this cough for 3 days')).toBeNull();
  });

  it('reads "today" in the practice\'s time zone', () => {
    // 03:00 UTC on the 24th is still the evening of the 23rd in New York.
    const lateEvening = new Date('2026-11-24T03:00:00Z');
    const inNewYork = analyzeConversation([user('tomorrow please')], {
      now: lateEvening,
      timezone: TZ,
    });
    const inUtc = analyzeConversation([user('tomorrow please')], { now: lateEvening });
    expect(inNewYork.extractedInfo.datePreference?.startDate).toBe('2026-11-24');
    expect(inUtc.extractedInfo.datePreference?.startDate).toBe('2026-11-25');
  });

  it('gives the new date of a reschedule, or the old one shifted', () => {
    expect(dates('please move my appointment from Thursday to next Monday')).toEqual([
      '2026-11-30',
      '2026-11-30',
    ]);
    expect(dates('I have an appointment on Wednesday, can we push it back a week?')).toEqual([
      '2026-12-02',
      '2026-12-02',
    ]);
  });

  it('gives the date of the appointment being cancelled', () => {
    expect(dates('cancel my appointment on December 3rd')).toEqual(['2026-12-03', '2026-12-03']);
  });
});

describe('corrections later in the conversation', () => {
  it('takes the later day: "actually, make it Thursday"', () => {
    expect(
      dates('Can I come in Tuesday?', assistant('Tuesday works.'), 'actually, make it Thursday'),
    ).toEqual(['2026-11-26', '2026-11-26']);
  });

  it('reads a corrected weekday in the week already discussed', () => {
    expect(
      dates(
        'next Tuesday please',
        assistant('Next Tuesday, December 1st?'),
        'oh wait, can we do Wednesday instead?',
      ),
    ).toEqual(['2026-12-02', '2026-12-02']);
  });

  it('takes the later specialty', () => {
    expect(
      info(
        'I need cardiology',
        assistant('Is this about your heart?'),
        'sorry no, I meant dermatology, it is for a mole',
      ).specialty,
    ).toBe('Dermatology');
  });

  it('adopts what the assistant proposed when the patient says yes', () => {
    const analysis = analyze(
      'My son has an earache',
      assistant('Would you like to bring him in today?'),
      'yes please',
    );
    expect(analysis.extractedInfo.datePreference?.startDate).toBe('2026-11-23');
    expect(analysis.extractedInfo.urgency).toBe('urgent');
  });

  it('ignores an assistant proposal the patient did not accept', () => {
    expect(dates('I need a physical', assistant('How about today?'), 'no, next week')).toEqual([
      '2026-11-30',
      '2026-12-04',
    ]);
  });
});

describe('provider name and visit type', () => {
  it.each([
    ['Can I see Dr. Patel?', 'Dr. Patel'],
    ['I want doctor kim', 'Dr. Kim'],
    ["I'm a patient of Dr. Sarah Lee", 'Dr. Sarah Lee'],
    ['I would like an appointment with Sarah Lee', 'Sarah Lee'],
    ['my doctor said I need a colonoscopy', null],
  ])('"%s" → %s', (text, name) => {
    expect(info(text).providerName).toBe(name);
  });

  it.each([
    ['I need my annual physical', 'physical'],
    ["I'm a new patient", 'new patient'],
    ['a follow-up on my labs', 'follow-up'],
    ['just a check up', 'check-up'],
    ['I would like a consult', 'consult'],
    ['can I do a video visit?', 'telehealth'],
    ["my baby's well child visit", 'well child'],
    ['first prenatal visit', 'prenatal'],
    ['a skin check', 'skin check'],
    ['my annual pap smear', 'annual'],
  ])('"%s" → %s', (text, hint) => {
    expect(info(text).appointmentTypeHint).toBe(hint);
  });
});

describe('the whole analysis', () => {
  it('fits the contract, explains itself and lists nothing missing when all is said', () => {
    const analysis = analyze(
      'I have had chest pain and palpitations, I need a cardiologist. Next Tuesday morning with Dr. Patel, a follow-up.',
    );
    expect(ConversationAnalysis.parse(analysis)).toEqual(analysis);
    expect(analysis.missingInfo).toEqual([]);
    expect(analysis.confidence.department).toBeGreaterThanOrEqual(0.9);
    expect(analysis.confidence.provider).toBeGreaterThan(0.5);
    expect(analysis.confidence.appointmentType).toBeGreaterThan(0.5);
    expect(analysis.confidence.dateTime).toBeGreaterThanOrEqual(0.85);
    expect(analysis.aiReasoning).toContain('Cardiology');
    expect(analysis.aiReasoning).toContain('2026-12-01');
    expect(analysis.aiReasoning.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(3);
  });

  it('lists what a booking still needs and is unsure when little was said', () => {
    const analysis = analyze('hi');
    expect(analysis.intent).toBe('book');
    expect(analysis.missingInfo).toEqual([
      'specialty or reason for visit',
      'preferred date',
      'preferred time of day',
    ]);
    expect(analysis.confidence).toEqual({
      overall: expect.any(Number),
      department: 0,
      provider: 0,
      appointmentType: 0,
      dateTime: 0,
    });
    expect(analysis.confidence.overall).toBeLessThan(0.5);
  });

  it('asks a canceller only for the date, and a questioner for nothing', () => {
    expect(analyze('please cancel my appointment').missingInfo).toEqual([
      'date of the appointment to cancel',
    ]);
    expect(analyze('what are your hours?').missingInfo).toEqual([]);
  });

  it('ignores system messages and is deterministic', () => {
    const messages = [
      {
        role: 'system' as const,
        content: 'You are a scheduling assistant. Today is an emergency drill.',
      },
      user('I need a physical next week'),
    ];
    const first = analyzeConversation(messages, { now: NOW, timezone: TZ });
    expect(first.extractedInfo.urgency).toBe('routine');
    expect(analyzeConversation(messages, { now: NOW, timezone: TZ })).toEqual(first);
  });

  it('falls back to UTC for an unknown time zone instead of failing', () => {
    const analysis = analyzeConversation([user('tomorrow')], {
      now: NOW,
      timezone: 'Mars/Olympus',
    });
    expect(analysis.extractedInfo.datePreference?.startDate).toBe('2026-11-24');
  });
});

describe("a voice caller's phrases", () => {
  it.each([
    ['any time in the next three weeks', ['2026-11-23', '2026-12-14']],
    ['sometime over the next 10 days', ['2026-11-23', '2026-12-03']],
    ['the first thing you have', ['2026-11-23', '2026-12-23']],
    ['first available please', ['2026-11-23', '2026-12-23']],
    ["what's your next opening", ['2026-11-23', '2026-12-23']],
    ['on Tuesday', ['2026-11-24', '2026-11-24']],
    ['same time next week', ['2026-11-30', '2026-12-04']],
  ])('"%s" → %j', (text, expected) => {
    expect(dates(`I need to see my doctor, ${text}`)).toEqual(expected);
  });

  it('reads "the first thing you have" as a day, not as "first thing in the morning"', () => {
    expect(info('the first thing you have').timePreference).toBeNull();
    expect(info('first thing in the morning').timePreference).toBe('morning');
  });

  it('reads "after work" as the end of the day', () => {
    expect(info('something after work on Thursday').timePreference).toBe('evening');
  });

  it('reads "my appointment on Tuesday" as the day of the appointment to cancel', () => {
    const analysis = analyze('I need to cancel my appointment on Tuesday');
    expect(analysis.intent).toBe('cancel');
    expect(dates('I need to cancel my appointment on Tuesday')).toEqual([
      '2026-11-24',
      '2026-11-24',
    ]);
  });
});
