import {
  QUERY_ENTITY_TYPES,
  type VoiceConfigQueryBody,
  type VoiceConfigQueryResult,
} from '@ehr-gateway/contracts';

import type { TenantsService } from './tenants-service.js';
import type { VoiceConfigRepository } from './voice-config-repository.js';
import { toDepartment, toLocation, toProvider } from './voice-config-shapes.js';

const roundScore = (score: number) => Math.min(1, Math.max(0, Math.round(score * 10_000) / 10_000));

/** The cross-entity query voice agents search a tenant's configuration with. */
export function createEntityQueryService({
  repository,
  tenants,
}: {
  repository: VoiceConfigRepository;
  tenants: Pick<TenantsService, 'requireTenant'>;
}) {
  return {
    /**
     * Searches a tenant's active locations, departments and providers for the terms given,
     * best match first per entity type. With include_relations a department carries its
     * (active) location and a provider its (active) departments.
     */
    async query(body: VoiceConfigQueryBody): Promise<VoiceConfigQueryResult> {
      const started = performance.now();
      await tenants.requireTenant(body.tenant_id);
      const { include_relations, limit_per_entity, case_sensitive, match_type } = body.options;
      const options = {
        matchType: match_type,
        caseSensitive: case_sensitive,
        limit: limit_per_entity,
      };
      const search = <T extends (typeof QUERY_ENTITY_TYPES)[number]>(table: T) => {
        const term = body.query[table];
        return term === undefined
          ? Promise.resolve([])
          : repository.search(table, body.tenant_id, term, options);
      };
      const [locationRows, departmentRows, providerRows] = await Promise.all([
        search('locations'),
        search('departments'),
        search('providers'),
      ]);

      const locations = locationRows.map((row) => ({
        ...toLocation(row),
        match_score: roundScore(row.match_score),
      }));

      const locationsById = include_relations
        ? new Map(
            (
              await repository.byIds(
                'locations',
                [...new Set(departmentRows.flatMap((row) => row.location_id ?? []))],
                true,
              )
            ).map((row) => [row.id, toLocation(row)]),
          )
        : null;
      const departments = departmentRows.map((row) => ({
        ...toDepartment(row),
        match_score: roundScore(row.match_score),
        ...(locationsById
          ? { location: (row.location_id && locationsById.get(row.location_id)) || null }
          : {}),
      }));

      const links = await repository.providerDepartmentIds(providerRows.map((row) => row.id));
      const departmentsById = include_relations
        ? new Map(
            (
              await repository.byIds('departments', [...new Set([...links.values()].flat())], true)
            ).map((row) => [row.id, toDepartment(row)]),
          )
        : null;
      const providers = providerRows.map((row) => {
        const departmentIds = links.get(row.id) ?? [];
        return {
          ...toProvider({ ...row, department_ids: departmentIds }),
          match_score: roundScore(row.match_score),
          ...(departmentsById
            ? {
                departments: departmentIds.flatMap((id) => departmentsById.get(id) ?? []),
              }
            : {}),
        };
      });

      return {
        tenant_id: body.tenant_id,
        results: { locations, departments, providers },
        summary: {
          total_matches: locations.length + departments.length + providers.length,
          execution_time_ms: Math.round((performance.now() - started) * 100) / 100,
          entities_queried: QUERY_ENTITY_TYPES.filter((type) => body.query[type] !== undefined),
        },
      };
    },
  };
}
