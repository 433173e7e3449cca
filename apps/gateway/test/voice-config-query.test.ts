import { beforeAll, describe, expect, it } from 'vitest';

import { databaseTargets, useGateway } from './helpers.js';

type Json = Record<string, unknown>;
interface Scored extends Json {
  id: number;
  name: string;
  match_score: number;
}
interface QueryAnswer {
  tenant_id: number;
  results: { locations: Scored[]; departments: Scored[]; providers: Scored[] };
  summary: { total_matches: number; execution_time_ms: number; entities_queried: string[] };
}

const names = (entries: Scored[]) => entries.map((entry) => entry.name);

const expectBestFirst = (entries: Scored[]) => {
  const scores = entries.map((entry) => entry.match_score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  for (const score of scores) {
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThanOrEqual(1);
  }
};

describe.each(databaseTargets)('voice-config cross-entity query on $name', (target) => {
  /** A tenant of its own, so ranking and wildcard cases see only what they created. */
  let tenantId: number;
  const gw = useGateway(target);

  beforeAll(async () => {
    const post = async (path: string, payload: Json) => {
      const response = await gw.app.inject({
        method: 'POST',
        url: `/voice-config/${path}`,
        headers: { 'x-api-key': gw.key },
        payload,
      });
      if (response.statusCode !== 201) {
        throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      }
      return response.json() as Json & { id: number };
    };
    tenantId = (await post('tenants', { name: 'Query Lab' })).id;
    for (const name of ['Cardiology', 'Pediatric Cardiology', 'Radiology', 'Neurology']) {
      await post('departments', { tenantId, name });
    }
    await post('locations', { tenantId, name: '100% Care Clinic' });
    await post('locations', { tenantId, name: 'Main_Street Office' });
    await post('locations', { tenantId, name: 'Mainly Street Annex' });
    const retired = await post('locations', { tenantId, name: 'Retired Clinic' });
    await gw.app.inject({
      method: 'DELETE',
      url: `/voice-config/locations/${retired.id}`,
      headers: { 'x-api-key': gw.key },
    });
  });

  const query = (payload: unknown) =>
    gw.app.inject({
      method: 'POST',
      url: '/voice-config/query',
      headers: { 'x-api-key': gw.key },
      payload: payload as Json,
    });

  const results = async (payload: Json): Promise<QueryAnswer> => {
    const response = await query(payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('answers on a fresh database for the seeded tenant 1 with partial matching by default', async () => {
    const answer = await results({ query: { departments: 'cardiol' } });
    expect(answer.tenant_id).toBe(1);
    expect(answer.results.departments).toEqual([
      {
        id: expect.any(Number),
        name: 'Cardiology',
        tenantId: 1,
        code: 'CARDIO',
        active: true,
        locationId: expect.any(Number),
        ehrDepartmentId: '102',
        match_score: 0.7,
      },
    ]);
    expect(answer.results.locations).toEqual([]);
    expect(answer.results.providers).toEqual([]);
    expect(answer.summary).toEqual({
      total_matches: 1,
      execution_time_ms: expect.any(Number),
      entities_queried: ['departments'],
    });
    expect(answer.summary.execution_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('queries several entity types at once and sums the matches', async () => {
    const answer = await results({
      tenant_id: 1,
      query: { locations: 'pediatrics', departments: 'pediatrics', providers: 'Kim' },
      options: { match_type: 'partial', limit_per_entity: 10 },
    });
    expect(names(answer.results.locations)).toEqual(['Lakeside Pediatrics']);
    expect(names(answer.results.departments)).toEqual(['Pediatrics']);
    expect(names(answer.results.providers).sort()).toEqual(['Lincoln Kim, MD', 'Richard Kim, MD']);
    expect(answer.summary.total_matches).toBe(4);
    expect(answer.summary.entities_queried).toEqual(['locations', 'departments', 'providers']);
  });

  it('matches providers by specialty too, and a whole-value match scores 1', async () => {
    const answer = await results({
      query: { providers: 'cardiology' },
      options: { match_type: 'partial' },
    });
    expect(answer.results.providers).toHaveLength(3);
    expect(answer.results.providers.every((p) => p.specialty === 'Cardiology')).toBe(true);
    expect(answer.results.providers.every((p) => p.match_score === 1)).toBe(true);
  });

  it('ranks partial matches by how much of the name the term covers', async () => {
    const answer = await results({ tenant_id: tenantId, query: { departments: 'cardiology' } });
    expect(names(answer.results.departments)).toEqual(['Cardiology', 'Pediatric Cardiology']);
    expect(answer.results.departments[0]!.match_score).toBe(1);
    expect(answer.results.departments[1]!.match_score).toBeCloseTo(10 / 20, 4);
  });

  it('exact: the whole name, ignoring case unless case_sensitive', async () => {
    const exact = await results({
      query: { departments: 'CARDIOLOGY', locations: 'lakeside pediatrics' },
      options: { match_type: 'exact' },
    });
    expect(names(exact.results.departments)).toEqual(['Cardiology']);
    expect(exact.results.departments[0]!.match_score).toBe(1);
    expect(names(exact.results.locations)).toEqual(['Lakeside Pediatrics']);

    const partialTerm = await results({
      query: { departments: 'Cardiol' },
      options: { match_type: 'exact' },
    });
    expect(partialTerm.results.departments).toEqual([]);

    const sensitive = await results({
      query: { departments: 'cardiology' },
      options: { match_type: 'exact', case_sensitive: true },
    });
    expect(sensitive.results.departments).toEqual([]);
    const sensitiveHit = await results({
      query: { departments: 'Cardiology' },
      options: { match_type: 'exact', case_sensitive: true },
    });
    expect(names(sensitiveHit.results.departments)).toEqual(['Cardiology']);
  });

  it('exact matches a department by its code', async () => {
    const answer = await results({
      query: { departments: 'peds' },
      options: { match_type: 'exact' },
    });
    expect(names(answer.results.departments)).toEqual(['Pediatrics']);
  });

  it('starts_with: the beginning of the name only', async () => {
    const answer = await results({
      query: { providers: 'raj', locations: 'lakeside' },
      options: { match_type: 'starts_with' },
    });
    expect(names(answer.results.providers)).toEqual(['Raj Patel, MD']);
    expect(answer.results.providers[0]!.match_score).toBeCloseTo(3 / 13, 4);
    expect(names(answer.results.locations)).toEqual(['Lakeside Pediatrics']);

    const middle = await results({
      query: { providers: 'patel, md' },
      options: { match_type: 'starts_with' },
    });
    expect(middle.results.providers).toEqual([]);
  });

  it('honours case_sensitive for partial and starts_with', async () => {
    const insensitive = await results({ query: { departments: 'CARDIOL' } });
    expect(names(insensitive.results.departments)).toEqual(['Cardiology']);

    const lower = await results({
      query: { departments: 'cardiol' },
      options: { case_sensitive: true },
    });
    expect(lower.results.departments).toEqual([]);
    const proper = await results({
      query: { departments: 'Cardiol' },
      options: { case_sensitive: true, match_type: 'partial' },
    });
    expect(names(proper.results.departments)).toEqual(['Cardiology']);

    const startsLower = await results({
      query: { locations: 'lakeside' },
      options: { case_sensitive: true, match_type: 'starts_with' },
    });
    expect(startsLower.results.locations).toEqual([]);
  });

  it('fuzzy: finds names despite typos, best match first', async () => {
    const typo = await results({
      query: { departments: 'cardiolgy', locations: 'pediatric', providers: 'Rja Patel' },
      options: { match_type: 'fuzzy' },
    });
    expect(names(typo.results.departments)[0]).toBe('Cardiology');
    expect(names(typo.results.locations)[0]).toBe('Lakeside Pediatrics');
    expect(names(typo.results.providers)[0]).toBe('Raj Patel, MD');
    expectBestFirst(typo.results.departments);
    expectBestFirst(typo.results.locations);
    expectBestFirst(typo.results.providers);
  });

  it('fuzzy: ranks the closest name above a longer one and leaves unrelated names out', async () => {
    const answer = await results({
      tenant_id: tenantId,
      query: { departments: 'cardiolgy' },
      options: { match_type: 'fuzzy' },
    });
    expect(names(answer.results.departments)).toEqual(['Cardiology', 'Pediatric Cardiology']);
    expectBestFirst(answer.results.departments);
    expect(answer.results.departments[0]!.match_score).toBeGreaterThan(
      answer.results.departments[1]!.match_score,
    );

    const exactName = await results({
      tenant_id: tenantId,
      query: { departments: 'Neurology' },
      options: { match_type: 'fuzzy' },
    });
    expect(exactName.results.departments[0]).toMatchObject({ name: 'Neurology', match_score: 1 });

    const nothing = await results({
      tenant_id: tenantId,
      query: { departments: 'xylophone' },
      options: { match_type: 'fuzzy' },
    });
    expect(nothing.results.departments).toEqual([]);
  });

  it('fuzzy is case-insensitive even when case_sensitive is set', async () => {
    const answer = await results({
      query: { departments: 'CARDIOLGY' },
      options: { match_type: 'fuzzy', case_sensitive: true },
    });
    expect(names(answer.results.departments)[0]).toBe('Cardiology');
  });

  it('caps each entity type at limit_per_entity, keeping the best', async () => {
    const all = await results({ query: { providers: 'MD' }, options: { limit_per_entity: 100 } });
    expect(all.results.providers.length).toBeGreaterThan(3);
    const capped = await results({
      query: { providers: 'MD', departments: 'o' },
      options: { limit_per_entity: 3 },
    });
    expect(capped.results.providers).toHaveLength(3);
    expect(capped.results.departments).toHaveLength(3);
    expect(capped.summary.total_matches).toBe(6);
    expect(capped.results.providers).toEqual(all.results.providers.slice(0, 3));
  });

  it('include_relations: a department carries its location and a provider its departments', async () => {
    const answer = await results({
      query: { departments: 'Pediatrics', providers: 'Raj Patel' },
      options: { include_relations: true },
    });
    expect(answer.results.departments[0]!.location).toEqual({
      id: answer.results.departments[0]!.locationId,
      name: 'Lakeside Pediatrics',
      address: expect.stringContaining('Chicago'),
      tenant_id: 1,
      active: true,
    });
    const raj = answer.results.providers[0]!;
    expect(names(raj.departments as Scored[]).sort()).toEqual([
      'Family Medicine',
      'Obstetrics & Gynecology',
    ]);
    expect((raj.departments as Json[]).map((d) => d.id).sort()).toEqual(raj.departmentIds);

    const without = await results({ query: { departments: 'Pediatrics', providers: 'Raj Patel' } });
    expect(without.results.departments[0]).not.toHaveProperty('location');
    expect(without.results.providers[0]).not.toHaveProperty('departments');
    expect(without.results.providers[0]!.departmentIds).toEqual(raj.departmentIds);
  });

  it('include_relations gives null for a department without a location', async () => {
    const answer = await results({
      tenant_id: tenantId,
      query: { departments: 'Radiology' },
      options: { include_relations: true, match_type: 'exact' },
    });
    expect(answer.results.departments).toEqual([
      expect.objectContaining({ name: 'Radiology', locationId: null, location: null }),
    ]);
  });

  it('only finds active entries', async () => {
    const answer = await results({
      tenant_id: tenantId,
      query: { locations: 'clinic' },
      options: { match_type: 'partial' },
    });
    expect(names(answer.results.locations)).toEqual(['100% Care Clinic']);
  });

  it('takes LIKE wildcards in the term literally', async () => {
    const percent = await results({ tenant_id: tenantId, query: { locations: '%' } });
    expect(names(percent.results.locations)).toEqual(['100% Care Clinic']);
    const underscore = await results({ tenant_id: tenantId, query: { locations: 'main_' } });
    expect(names(underscore.results.locations)).toEqual(['Main_Street Office']);
    const starts = await results({
      tenant_id: tenantId,
      query: { locations: '_' },
      options: { match_type: 'starts_with' },
    });
    expect(starts.results.locations).toEqual([]);
    const backslash = await results({ tenant_id: tenantId, query: { locations: '\\' } });
    expect(backslash.results.locations).toEqual([]);
  });

  it('answers 404 for an unknown tenant', async () => {
    const response = await query({ tenant_id: 987_654, query: { departments: 'x' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('TENANT_NOT_FOUND');
  });

  it.each([
    ['no query object', { tenant_id: 1 }, 'query'],
    ['an empty query object', { query: {} }, 'query'],
    ['a query that is not an object', { query: 'cardiology' }, 'query'],
    ['an empty term', { query: { departments: '   ' } }, 'query.departments'],
    ['a term over 100 characters', { query: { providers: 'x'.repeat(101) } }, 'query.providers'],
    ['an unknown entity type', { query: { patients: 'x' } }, 'query.patients'],
    [
      'an unknown match type',
      { query: { departments: 'x' }, options: { match_type: 'regex' } },
      'options.match_type',
    ],
    [
      'limit_per_entity 0',
      { query: { departments: 'x' }, options: { limit_per_entity: 0 } },
      'options.limit_per_entity',
    ],
    [
      'limit_per_entity 101',
      { query: { departments: 'x' }, options: { limit_per_entity: 101 } },
      'options.limit_per_entity',
    ],
    [
      'a non-boolean case_sensitive',
      { query: { departments: 'x' }, options: { case_sensitive: 'yes' } },
      'options.case_sensitive',
    ],
    [
      'an unknown option',
      { query: { departments: 'x' }, options: { fuzziness: 2 } },
      'options.fuzziness',
    ],
    ['a bad tenant id', { tenant_id: 'one', query: { departments: 'x' } }, 'tenant_id'],
  ])('refuses %s with 400 naming %s', async (_label, payload, field) => {
    const response = await query(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses a request without a body with 400', async () => {
    const response = await gw.app.inject({
      method: 'POST',
      url: '/voice-config/query',
      headers: { 'x-api-key': gw.key },
    });
    expect(response.statusCode).toBe(400);
  });
});
