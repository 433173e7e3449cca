import { z } from 'zod';

import { Int4IdText } from './common.js';
import { AppointmentType, Department, EhrReference, EhrSource, Provider } from './ehr.js';

/** A voice-config row's id (serial `integer` columns), from a path, query or body. */
export const VoiceConfigId = Int4IdText;
export const DEFAULT_TENANT_ID = 1;
export const DEFAULT_APPOINTMENT_DURATION = 30;

const EntityName = z.string().trim().min(1).max(120);

export const TenantQuery = z.strictObject({
  tenantId: VoiceConfigId.default(DEFAULT_TENANT_ID),
  /** Include deactivated entries too. */
  includeInactive: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type TenantQuery = z.infer<typeof TenantQuery>;

export const IdParam = z.strictObject({ id: VoiceConfigId });

export const EntityStatus = z.enum(['active', 'inactive']);

export const Tenant = z.object({
  id: z.number().int(),
  name: z.string(),
  status: EntityStatus,
  ehrSource: EhrSource,
  practiceId: z.string().nullable(),
});
export type Tenant = z.infer<typeof Tenant>;
export const TenantList = z.object({ tenants: z.array(Tenant) });
export const CreateTenantBody = z.strictObject({
  name: EntityName,
  status: EntityStatus.default('active'),
  ehrSource: EhrSource.default('mock'),
  practiceId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/)
    .nullish(),
});
/**
 * PATCH bodies list their fields again without defaults: zod 4 applies a default inside
 * `.partial()`, which would reset every field left out (status, duration, departmentIds…).
 */
export const UpdateTenantBody = z.strictObject({
  name: EntityName.optional(),
  status: EntityStatus.optional(),
  ehrSource: EhrSource.optional(),
  practiceId: CreateTenantBody.shape.practiceId,
});

export const Location = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  tenant_id: z.number().int(),
  active: z.boolean(),
});
export type Location = z.infer<typeof Location>;
export const LocationList = z.object({ locations: z.array(Location) });
export const CreateLocationBody = z.strictObject({
  tenantId: VoiceConfigId.default(DEFAULT_TENANT_ID),
  name: EntityName,
  address: z.string().trim().max(300).nullish(),
  active: z.boolean().default(true),
});
export const UpdateLocationBody = z.strictObject({
  name: EntityName.optional(),
  address: CreateLocationBody.shape.address,
  active: z.boolean().optional(),
});

export const VoiceDepartment = z.object({
  id: z.number().int(),
  name: z.string(),
  tenantId: z.number().int(),
  code: z.string().nullable(),
  active: z.boolean(),
  locationId: z.number().int().nullable(),
  ehrDepartmentId: z.string().nullable(),
});
export type VoiceDepartment = z.infer<typeof VoiceDepartment>;
export const VoiceDepartmentList = z.object({ departments: z.array(VoiceDepartment) });
const DepartmentCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,20}$/, 'must be 1 to 20 letters, digits, - or _');
export const CreateVoiceDepartmentBody = z.strictObject({
  tenantId: VoiceConfigId.default(DEFAULT_TENANT_ID),
  name: EntityName,
  code: DepartmentCode.nullish(),
  locationId: VoiceConfigId.nullish(),
  ehrDepartmentId: EhrReference,
  active: z.boolean().default(true),
});
export const UpdateVoiceDepartmentBody = z.strictObject({
  name: EntityName.optional(),
  code: CreateVoiceDepartmentBody.shape.code,
  locationId: CreateVoiceDepartmentBody.shape.locationId,
  ehrDepartmentId: CreateVoiceDepartmentBody.shape.ehrDepartmentId,
  active: z.boolean().optional(),
});

export const VoiceProvider = z.object({
  id: z.number().int(),
  name: z.string(),
  specialty: z.string().nullable(),
  is_not_accepting_new_patients: z.boolean(),
  tenantId: z.number().int(),
  active: z.boolean(),
  departmentIds: z.array(z.number().int()),
  ehrProviderId: z.string().nullable(),
});
export type VoiceProvider = z.infer<typeof VoiceProvider>;
export const VoiceProviderList = z.object({ providers: z.array(VoiceProvider) });
export const CreateVoiceProviderBody = z.strictObject({
  tenantId: VoiceConfigId.default(DEFAULT_TENANT_ID),
  name: EntityName,
  specialty: z.string().trim().min(1).max(80).nullish(),
  is_not_accepting_new_patients: z.boolean().default(false),
  departmentIds: z.array(VoiceConfigId).max(50).default([]),
  ehrProviderId: EhrReference,
  active: z.boolean().default(true),
});
export const UpdateVoiceProviderBody = z.strictObject({
  name: EntityName.optional(),
  specialty: CreateVoiceProviderBody.shape.specialty,
  is_not_accepting_new_patients: z.boolean().optional(),
  departmentIds: z.array(VoiceConfigId).max(50).optional(),
  ehrProviderId: CreateVoiceProviderBody.shape.ehrProviderId,
  active: z.boolean().optional(),
});

export const VoiceAppointmentType = z.object({
  id: z.number().int(),
  name: z.string(),
  duration: z.number().int(),
  tenantId: z.number().int(),
  active: z.boolean(),
  ehrAppointmentTypeId: z.string().nullable(),
});
export type VoiceAppointmentType = z.infer<typeof VoiceAppointmentType>;
export const VoiceAppointmentTypeList = z.object({
  appointmentTypes: z.array(VoiceAppointmentType),
});
export const CreateVoiceAppointmentTypeBody = z.strictObject({
  tenantId: VoiceConfigId.default(DEFAULT_TENANT_ID),
  name: EntityName,
  duration: z.number().int().min(5).max(480).default(DEFAULT_APPOINTMENT_DURATION),
  ehrAppointmentTypeId: EhrReference,
  active: z.boolean().default(true),
});
export const UpdateVoiceAppointmentTypeBody = z.strictObject({
  name: EntityName.optional(),
  duration: z.number().int().min(5).max(480).optional(),
  ehrAppointmentTypeId: CreateVoiceAppointmentTypeBody.shape.ehrAppointmentTypeId,
  active: z.boolean().optional(),
});

export const VisitReason = z.object({
  id: z.number().int(),
  name: z.string(),
  tenantId: z.number().int(),
  appointmentTypeId: z.number().int().nullable(),
  active: z.boolean(),
});
export type VisitReason = z.infer<typeof VisitReason>;
export const VisitReasonList = z.object({ visitReasons: z.array(VisitReason) });
export const CreateVisitReasonBody = z.strictObject({
  tenantId: VoiceConfigId.default(DEFAULT_TENANT_ID),
  name: EntityName,
  appointmentTypeId: VoiceConfigId.nullish(),
  active: z.boolean().default(true),
});
export const UpdateVisitReasonBody = z.strictObject({
  name: EntityName.optional(),
  appointmentTypeId: CreateVisitReasonBody.shape.appointmentTypeId,
  active: z.boolean().optional(),
});

export const GlobalConfigKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits, . _ : or -');
export const GlobalConfigEntry = z.object({
  key: z.string(),
  value: z.unknown(),
  updatedAt: z.string(),
});
export type GlobalConfigEntry = z.infer<typeof GlobalConfigEntry>;
export const SetGlobalConfigBody = z.strictObject({
  key: GlobalConfigKey,
  /** Any JSON value except null; serialized it may not exceed 64 KiB. */
  value: z.unknown().refine((value) => value !== undefined && value !== null, 'value is required'),
});
export const GlobalConfigParams = z.strictObject({ key: GlobalConfigKey });

/** An EHR entity next to the voice-config entity mapped to it (null when unmapped). */
const mapped = <T extends z.ZodType>(ehr: T) =>
  z.object({ ehr, voiceConfig: z.object({ id: z.number().int(), name: z.string() }).nullable() });
export const EhrDepartmentMappingList = z.object({
  tenantId: z.number().int(),
  source: EhrSource,
  departments: z.array(mapped(Department)),
});
export const EhrProviderMappingList = z.object({
  tenantId: z.number().int(),
  source: EhrSource,
  providers: z.array(mapped(Provider)),
});
export const EhrAppointmentTypeMappingList = z.object({
  tenantId: z.number().int(),
  source: EhrSource,
  appointmentTypes: z.array(mapped(AppointmentType)),
});

export const MATCH_TYPES = ['partial', 'exact', 'starts_with', 'fuzzy'] as const;
export const MatchType = z.enum(MATCH_TYPES);
export type MatchType = z.infer<typeof MatchType>;
export const QUERY_ENTITY_TYPES = ['locations', 'departments', 'providers'] as const;
export type QueryEntityType = (typeof QUERY_ENTITY_TYPES)[number];

const SearchTerm = z.string().trim().min(1).max(100);

export const VoiceConfigQueryBody = z.strictObject({
  tenant_id: VoiceConfigId.default(DEFAULT_TENANT_ID),
  query: z
    .strictObject({
      locations: SearchTerm.optional(),
      departments: SearchTerm.optional(),
      providers: SearchTerm.optional(),
    })
    .refine((query) => Object.values(query).some((term) => term !== undefined), {
      message: 'query needs at least one of locations, departments, providers',
    }),
  options: z
    .strictObject({
      include_relations: z.boolean().default(false),
      limit_per_entity: z.number().int().min(1).max(100).default(10),
      case_sensitive: z.boolean().default(false),
      match_type: MatchType.default('partial'),
    })
    .default({
      include_relations: false,
      limit_per_entity: 10,
      case_sensitive: false,
      match_type: 'partial',
    }),
});
export type VoiceConfigQueryBody = z.infer<typeof VoiceConfigQueryBody>;

/** How well a result matched: 1 for exact, similarity for fuzzy, in between for the rest. */
const Score = z.number().min(0).max(1);

export const QueryLocationResult = Location.extend({ match_score: Score });
export const QueryDepartmentResult = VoiceDepartment.extend({
  match_score: Score,
  location: Location.nullable().optional(),
});
export const QueryProviderResult = VoiceProvider.extend({
  match_score: Score,
  departments: z.array(VoiceDepartment).optional(),
});

export const VoiceConfigQueryResult = z.object({
  tenant_id: z.number().int(),
  results: z.object({
    locations: z.array(QueryLocationResult),
    departments: z.array(QueryDepartmentResult),
    providers: z.array(QueryProviderResult),
  }),
  summary: z.object({
    total_matches: z.number().int(),
    execution_time_ms: z.number(),
    entities_queried: z.array(z.enum(QUERY_ENTITY_TYPES)),
  }),
});
export type VoiceConfigQueryResult = z.infer<typeof VoiceConfigQueryResult>;
