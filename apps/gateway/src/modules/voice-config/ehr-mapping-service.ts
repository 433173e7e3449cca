import type { z } from 'zod';

import type {
  Department,
  EhrAppointmentTypeMappingList,
  EhrDepartmentMappingList,
  EhrProviderMappingList,
} from '@ehr-gateway/contracts';

import { listAllProviders, type EhrCallContext, type EhrModule } from '../ehr/index.js';
import type { TenantsService } from './tenants-service.js';
import type { VoiceConfigRepository } from './voice-config-repository.js';

type EntryRef = { id: number; name: string };
type ListOptions = { includeInactive?: boolean };

/** EHR entries next to the voice-config entry mapped to each (active ones first, then oldest). */
function pairWith<T extends { id: string }>(
  ehrEntries: T[],
  mapped: Array<{ id: number; name: string; active: boolean; ehrId: string | null }>,
): Array<{ ehr: T; voiceConfig: EntryRef | null }> {
  const byEhrId = new Map<string, EntryRef>();
  const ordered = [...mapped].sort((a, b) => Number(b.active) - Number(a.active) || a.id - b.id);
  for (const entry of ordered) {
    if (entry.ehrId !== null && !byEhrId.has(entry.ehrId)) {
      byEhrId.set(entry.ehrId, { id: entry.id, name: entry.name });
    }
  }
  return ehrEntries.map((ehr) => ({ ehr, voiceConfig: byEhrId.get(ehr.id) ?? null }));
}

/** A tenant's EHR data (from its EHR and practice), each entry beside the entry mapped to it. */
export function createEhrMappingService({
  repository,
  tenants,
  ehr,
}: {
  repository: VoiceConfigRepository;
  tenants: Pick<TenantsService, 'requireTenant'>;
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
}) {
  async function tenantEhr(tenantId: number) {
    const tenant = await tenants.requireTenant(tenantId);
    return {
      tenant,
      client: ehr.forSource(tenant.ehr_source),
      // A tenant's own practice when it names one, else the one the gateway serves for its EHR.
      practiceId: tenant.practice_id ?? ehr.practiceIdFor(tenant.ehr_source),
    };
  }

  return {
    async ehrDepartments(
      tenantId: number,
      { includeInactive = false }: ListOptions,
      ctx: EhrCallContext,
    ): Promise<z.infer<typeof EhrDepartmentMappingList>> {
      const { tenant, client, practiceId } = await tenantEhr(tenantId);
      const [{ departments }, mapped] = await Promise.all([
        client.listDepartments(practiceId, ctx),
        repository.list('departments', tenantId, includeInactive),
      ]);
      return {
        tenantId,
        source: tenant.ehr_source,
        departments: pairWith<Department>(
          departments,
          mapped.map((row) => ({ ...row, ehrId: row.ehr_department_id })),
        ),
      };
    },

    async ehrProviders(
      tenantId: number,
      { includeInactive = false }: ListOptions,
      ctx: EhrCallContext,
    ): Promise<z.infer<typeof EhrProviderMappingList>> {
      const { tenant, client, practiceId } = await tenantEhr(tenantId);
      const [providers, mapped] = await Promise.all([
        listAllProviders(client, practiceId, ctx),
        repository.listProviders(tenantId, includeInactive),
      ]);
      return {
        tenantId,
        source: tenant.ehr_source,
        providers: pairWith(
          providers,
          mapped.map((row) => ({ ...row, ehrId: row.ehr_provider_id })),
        ),
      };
    },

    async ehrAppointmentTypes(
      tenantId: number,
      { includeInactive = false }: ListOptions,
      ctx: EhrCallContext,
    ): Promise<z.infer<typeof EhrAppointmentTypeMappingList>> {
      const { tenant, client, practiceId } = await tenantEhr(tenantId);
      const [types, mapped] = await Promise.all([
        client.listAppointmentTypes(practiceId, {}, ctx),
        repository.list('appointment_types', tenantId, includeInactive),
      ]);
      return {
        tenantId,
        source: tenant.ehr_source,
        appointmentTypes: pairWith(
          types,
          mapped.map((row) => ({ ...row, ehrId: row.ehr_appointment_type_id })),
        ),
      };
    },
  };
}
