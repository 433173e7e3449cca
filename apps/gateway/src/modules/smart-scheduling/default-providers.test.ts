import type { Appointment, ConversationAnalysis, Provider } from '@ehr-gateway/contracts';
import { describe, expect, it } from 'vitest';

import { ageOn, chooseProviders, defaultProviders, usualProviderOf } from './default-providers.js';

const provider = (id: string, specialty: string): Provider => ({
  id,
  firstName: 'Pat',
  lastName: `Doc${id}`,
  displayName: `Pat Doc${id}`,
  specialty,
  npi: null,
  providerType: 'MD',
  homeDepartmentId: '1',
});
const visit = (providerId: string, startTime: string, status = 'Checked Out'): Appointment => ({
  id: `${providerId}-${startTime}`,
  patientId: '7',
  providerId,
  startTime,
  endTime: startTime,
  appointmentType: 'Office Visit',
  status: status as Appointment['status'],
});

const FAMILY = provider('1', 'Family Medicine');
const INTERNIST = provider('2', 'Internal Medicine');
const PEDIATRICIAN = provider('3', 'Pediatrics');
const CARDIOLOGIST = provider('4', 'Cardiology');
const CARDIOLOGIST_2 = provider('5', 'Cardiology');
const PRACTICE = [FAMILY, INTERNIST, PEDIATRICIAN, CARDIOLOGIST, CARDIOLOGIST_2];
const TODAY = '2026-11-26';

describe('the default providers for a known patient who names none', () => {
  it('is their usual provider (most visits, then the latest), then colleagues of that specialty', () => {
    const history = [
      visit('4', '2026-03-01T09:00:00-07:00'),
      visit('4', '2026-06-01T09:00:00-07:00'),
      visit('1', '2026-09-01T09:00:00-05:00'),
      visit('1', '2026-10-01T09:00:00-05:00', 'Cancelled'),
    ];
    expect(defaultProviders(PRACTICE, { dob: '1970-01-01', history }, TODAY)).toEqual({
      providers: [CARDIOLOGIST, CARDIOLOGIST_2],
      basis: 'usual',
    });
    // A tie goes to the one seen most recently; a provider who left does not count.
    const tie = [visit('1', '2026-01-01T09:00:00Z'), visit('2', '2026-02-01T09:00:00Z')];
    expect(usualProviderOf(tie, PRACTICE)).toBe(INTERNIST);
    expect(usualProviderOf([visit('99', '2026-01-01T09:00:00Z')], PRACTICE)).toBeNull();
  });

  it('is pediatrics for a child with no history, by age on the day', () => {
    const child = defaultProviders(PRACTICE, { dob: '2017-04-19', history: [] }, TODAY);
    expect(child).toEqual({ providers: [PEDIATRICIAN], basis: 'pediatrics' });
    // Eighteen the day before: no longer a child.
    expect(ageOn('2008-11-27', TODAY)).toBe(17);
    expect(ageOn('2008-11-26', TODAY)).toBe(18);
    const adult = defaultProviders(PRACTICE, { dob: '2008-11-26', history: [] }, TODAY);
    expect(adult.basis).toBe('primary-care');
  });

  it("falls back to the practice's primary care, and for a child without pediatrics to family medicine", () => {
    expect(defaultProviders(PRACTICE, { dob: '1980-02-02', history: [] }, TODAY)).toEqual({
      providers: [FAMILY, INTERNIST],
      basis: 'primary-care',
    });
    const noPediatrics = [FAMILY, CARDIOLOGIST];
    expect(defaultProviders(noPediatrics, { dob: '2017-04-19', history: [] }, TODAY)).toEqual({
      providers: [FAMILY],
      basis: 'primary-care',
    });
    expect(defaultProviders([CARDIOLOGIST], { dob: null, history: [] }, TODAY).basis).toBe('none');
  });

  it('never overrides what the caller named, and chooses nothing without a known patient', () => {
    const analysis = (extracted: Partial<ConversationAnalysis['extractedInfo']>) =>
      ({
        extractedInfo: { specialty: null, providerName: null, ...extracted },
      }) as ConversationAnalysis;
    const patient = { dob: '2017-04-19', history: [] };
    expect(
      chooseProviders(PRACTICE, analysis({ specialty: 'Cardiology' }), patient, TODAY),
    ).toMatchObject({
      providers: [CARDIOLOGIST, CARDIOLOGIST_2],
      basis: 'specialty',
    });
    expect(
      chooseProviders(PRACTICE, analysis({ providerName: 'Dr. Doc5' }), patient, TODAY),
    ).toMatchObject({
      providers: [CARDIOLOGIST_2],
      basis: 'named',
    });
    expect(
      chooseProviders(PRACTICE, analysis({ providerName: 'Dr. Nobody' }), patient, TODAY).basis,
    ).toBe('none');
    expect(chooseProviders(PRACTICE, analysis({}), null, TODAY).basis).toBe('none');
  });

  it('reads primary care for a child as pediatrics, and a shared name within the specialty asked for', () => {
    const analysis = (extracted: Partial<ConversationAnalysis['extractedInfo']>) =>
      ({
        extractedInfo: { specialty: null, providerName: null, ...extracted },
      }) as ConversationAnalysis;
    const child = { dob: '2017-04-19', history: [] };
    const adult = { dob: '1980-02-02', history: [] };
    const sick = analysis({ specialty: 'Family Medicine' });
    expect(chooseProviders(PRACTICE, sick, child, TODAY)).toMatchObject({
      providers: [PEDIATRICIAN],
      basis: 'specialty',
    });
    expect(chooseProviders(PRACTICE, sick, adult, TODAY).providers).toEqual([FAMILY]);
    const twoDocs = [...PRACTICE, { ...PEDIATRICIAN, id: '9', lastName: 'Doc5' }];
    expect(
      chooseProviders(
        twoDocs,
        analysis({ providerName: 'Dr. Doc5', specialty: 'Pediatrics' }),
        adult,
        TODAY,
      ).providers.map((p) => p.id),
    ).toEqual(['9']);
  });
});
