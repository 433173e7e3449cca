import { describe, expect, it } from 'vitest';

import { createPractice } from '@ehr-gateway/synthetic-practice';

import { uniqueViolation } from './voice-config-rows.js';
import { demoSeed, fhirDemoSeed } from './voice-config-seed.js';

describe('demoSeed', () => {
  const practice = createPractice();
  const seed = demoSeed(practice);
  const lowerNames = (entries: Array<{ name: string }>) =>
    entries.map((entry) => entry.name.toLowerCase());

  it('is tenant 1 on the Mock EHR, using the gateway config practice', () => {
    expect(seed.tenant).toEqual({
      id: 1,
      name: 'Demo Health Network',
      ehrSource: 'mock',
      practiceId: null,
    });
  });

  it('maps every practice department, provider and appointment type by EHR id', () => {
    expect(seed.departments.map((d) => d.ehrDepartmentId).sort()).toEqual(
      practice.departments.map((d) => String(d.id)).sort(),
    );
    expect(seed.providers.map((p) => p.ehrProviderId).sort()).toEqual(
      practice.providers.map((p) => String(p.id)).sort(),
    );
    expect(seed.appointmentTypes.map((t) => t.ehrAppointmentTypeId).sort()).toEqual(
      practice.appointmentTypes.map((t) => String(t.id)).sort(),
    );
  });

  it('has names unique per entity type regardless of case, and unique codes', () => {
    for (const entries of [
      seed.locations,
      seed.departments,
      seed.providers,
      seed.appointmentTypes,
      seed.visitReasons,
    ]) {
      expect(new Set(lowerNames(entries)).size).toBe(entries.length);
    }
    const codes = seed.departments.map((d) => d.code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z0-9_-]{1,20}$/);
    }
  });

  it('points every reference at an entry of the seed', () => {
    const locations = new Set(seed.locations.map((l) => l.name));
    const departments = new Set(seed.departments.map((d) => d.name));
    const types = new Set(seed.appointmentTypes.map((t) => t.name));
    for (const department of seed.departments) {
      expect(locations).toContain(department.locationName);
    }
    for (const provider of seed.providers) {
      expect(provider.departmentNames.length).toBeGreaterThan(0);
      for (const name of provider.departmentNames) {
        expect(departments).toContain(name);
      }
    }
    for (const reason of seed.visitReasons) {
      expect(types).toContain(reason.appointmentTypeName);
    }
    expect(seed.visitReasons.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Annual physical', 'Sick visit', 'Prenatal check']),
    );
  });

  it('keeps the new-patient flag as its negation', () => {
    for (const provider of practice.providers) {
      const seeded = seed.providers.find((p) => p.ehrProviderId === String(provider.id));
      expect(seeded?.isNotAcceptingNewPatients).toBe(!provider.acceptingNewPatients);
    }
  });

  it('has a greeting and business hours', () => {
    expect(seed.globalConfig.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['greeting', 'business_hours']),
    );
  });
});

describe('repository helpers', () => {
  it('recognises a unique violation and names its index', () => {
    expect(uniqueViolation({ code: '23505', constraint: 'locations_tenant_name_idx' })).toBe(
      'locations_tenant_name_idx',
    );
    expect(uniqueViolation({ code: '23503', constraint: 'x' })).toBeNull();
    expect(uniqueViolation(new Error('boom'))).toBeNull();
  });
});

describe('fhirDemoSeed', () => {
  it("is the FHIR EHR's line over the same practice, numbered by the database", () => {
    const practice = createPractice();
    const { tenant, ...entries } = fhirDemoSeed(practice);
    expect(tenant).toEqual({
      name: 'Demo Health Network (FHIR)',
      ehrSource: 'fhir',
      practiceId: null,
    });
    const { tenant: mockTenant, ...mockEntries } = demoSeed(practice);
    expect(tenant.name).not.toBe(mockTenant.name);
    expect(entries).toEqual(mockEntries);
  });
});
