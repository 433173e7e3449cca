import type { z } from 'zod';

import type { CreateTenantBody, Tenant, UpdateTenantBody } from '@ehr-gateway/contracts';

import { HttpError, notFound } from '../../lib/http-errors.js';
import type { VoiceConfigRepository } from './voice-config-repository.js';
import { uniqueViolation } from './voice-config-rows.js';
import type { VoiceConfigSeed } from './voice-config-seed.js';
import { defined, toTenant } from './voice-config-shapes.js';

const tenantNotFound = (id: number) => notFound(`No tenant with id ${id}`, 'TENANT_NOT_FOUND');

/** Tenants: created, changed, deactivated (status inactive), never deleted. */
export function createTenantsService({
  repository,
  seeds,
}: {
  repository: VoiceConfigRepository;
  /** The tenants ensureSeeded writes where they do not exist yet. */
  seeds: () => VoiceConfigSeed[];
}) {
  async function refuseDuplicateName<T>(name: string | undefined, write: () => Promise<T>) {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) === null) {
        throw error;
      }
      throw new HttpError(409, `A tenant named "${name ?? ''}" already exists`, 'DUPLICATE', [
        { field: 'name', message: 'is already used by another tenant' },
      ]);
    }
  }

  /** The tenant's row, active or not; 404 when there is none. */
  async function requireTenant(id: number) {
    const tenant = await repository.getTenant(id);
    if (!tenant) {
      throw tenantNotFound(id);
    }
    return tenant;
  }

  return {
    requireTenant,

    /**
     * Seeds each seed tenant that does not exist yet (tenant 1 on a fresh database); the names of
     * those this call wrote. Safe to call concurrently.
     */
    async ensureSeeded(): Promise<string[]> {
      const written: string[] = [];
      for (const seed of seeds()) {
        if (await repository.insertSeed(seed)) {
          written.push(seed.tenant.name);
        }
      }
      return written;
    },

    async listTenants({ includeInactive = false } = {}): Promise<Tenant[]> {
      return (await repository.listTenants(includeInactive)).map(toTenant);
    },

    async getTenant(id: number): Promise<Tenant> {
      return toTenant(await requireTenant(id));
    },

    async createTenant(input: z.infer<typeof CreateTenantBody>): Promise<Tenant> {
      const row = await refuseDuplicateName(input.name, () =>
        repository.insertTenant({
          name: input.name,
          status: input.status,
          ehr_source: input.ehrSource,
          practice_id: input.practiceId ?? null,
        }),
      );
      return toTenant(row);
    },

    async updateTenant(id: number, input: z.infer<typeof UpdateTenantBody>): Promise<Tenant> {
      const row = await refuseDuplicateName(input.name, () =>
        repository.updateTenant(
          id,
          defined({
            name: input.name,
            status: input.status,
            ehr_source: input.ehrSource,
            practice_id: input.practiceId,
          }),
        ),
      );
      if (!row) {
        throw tenantNotFound(id);
      }
      return toTenant(row);
    },

    async deactivateTenant(id: number): Promise<void> {
      if (!(await repository.updateTenant(id, { status: 'inactive' }))) {
        throw tenantNotFound(id);
      }
    },
  };
}

export type TenantsService = ReturnType<typeof createTenantsService>;
