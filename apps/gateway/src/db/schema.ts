import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

import type { AlertSeverity, EhrSource, Role } from '@ehr-gateway/contracts';

import type { WebhookTables } from './schema-webhooks.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Json<T = unknown> = ColumnType<T, string, string>;

export interface AdminUsersTable {
  id: Generated<string>;
  username: string;
  display_name: string;
  password_hash: string;
  created_at: CreatedAt;
  role: ColumnType<Role, Role | undefined>;
  phi_access: Generated<boolean>;
  active: Generated<boolean>;
  must_change_password: Generated<boolean>;
  last_sign_in_at: Timestamp | null;
  /** When the user's TOTP second factor was confirmed; null without one. */
  second_factor_at: Timestamp | null;
}

export interface AdminSessionsTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface SsoIdentitiesTable {
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  /** JSON array of group names. */
  groups: ColumnType<string[], string, string>;
  synced_at: Timestamp;
}

export interface SsoSessionsTable {
  session_id: string;
  id_token: string;
}

export interface AdminSecondFactorsTable {
  user_id: string;
  /** The TOTP secret sealed with MFA_ENCRYPTION_KEY. */
  sealed_secret: string;
  confirmed_at: Timestamp | null;
  /** The 30-second step of the last code accepted; a code for it or earlier is refused. */
  last_used_step: ColumnType<number | string | null, number | null | undefined, number | null>;
}

export interface AdminRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface LoginThrottleTable {
  /** `user:<username>` or `address:<ip>`. */
  subject: string;
  window_started_at: Timestamp;
  attempts: number;
}

export interface ApiKeysTable {
  id: Generated<string>;
  name: string;
  key_hash: string;
  display_prefix: string;
  last_four: string;
  created_at: CreatedAt;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  practice_ids: string[] | null;
  /** Null: every scope. */
  scopes: string[] | null;
  rate_limit: number | null;
  quota: number | null;
  rotated_at: Timestamp | null;
  previous_key_hash: string | null;
  previous_key_expires_at: Timestamp | null;
}

export interface GatewayConfigTable {
  id: number;
  api_root: string;
  practice_id: string;
  log_level: string;
  caching: boolean;
  updated_at: Timestamp;
  updated_by: string | null;
  payload_capture: ColumnType<string, string | undefined, string>;
  payload_retention_days: ColumnType<number, number | undefined, number>;
}

export interface GatewayConfigChangesTable {
  id: Generated<string>;
  changed_at: CreatedAt;
  changed_by: string;
  before: Json;
  after: Json;
}

export interface RequestLogsTable {
  id: string;
  request_id: string;
  timestamp: Timestamp;
  endpoint: string;
  method: string;
  status: number;
  response_time_ms: number;
  source: string;
  api_key_id: string | null;
  api_key_name: string | null;
  request_data: Json;
  response_data: Json | null;
  response_truncated: boolean;
  error_message: string | null;
  error_stack: string | null;
  payload_capture: ColumnType<string, string | undefined, string>;
  request_data_sealed: string | null;
  response_data_sealed: string | null;
  payload_purged: Generated<boolean>;
  /** The route template (`/api/{practiceId}/patients`); null when no route matched. */
  route: string | null;
  /** Time spent waiting on the EHR; null when the request made no upstream call. */
  upstream_ms: number | null;
  /** The W3C trace id, when tracing was on. */
  trace_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RequestRollupsTable {
  granularity: 'minute' | 'hour' | 'day';
  bucket_start: Timestamp;
  source: string;
  route: string;
  method: string;
  status_class: string;
  /** '' for requests without a key (refused ones, the Vapi secret). */
  api_key_id: string;
  count: number;
  rate_limited: number;
  total_ms: number;
  upstream_count: number;
  upstream_ms: number;
  latency_histogram: number[];
  upstream_histogram: number[];
}

export interface HealthSamplesTable {
  minute: Timestamp;
  instance_id: string;
  sampled_at: Timestamp;
  database_ok: boolean;
  /** Null when Redis is not configured. */
  redis_ok: boolean | null;
  athena_state: 'not_configured' | 'connected' | 'disconnected' | 'breaker_open';
  /** Request-log entries this instance dropped during the minute. */
  log_dropped: number;
  /** The instance's request-log journal was at its size limit during the minute. */
  log_spool_full: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface AlertsTable {
  id: Generated<string>;
  kind: string;
  subject: string;
  severity: AlertSeverity;
  title: string;
  message: string;
  link: string;
  raised_at: Timestamp;
  cleared_at: Timestamp | null;
}

export interface AlertReadsTable {
  alert_id: string;
  user_id: string;
  read_at: Timestamp;
}

export interface MockPatientsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  dob: string;
  sex: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  department_id: number;
  created_at: CreatedAt;
}

export interface MockSlotBookingsTable {
  slot_id: string;
  slot_date: string;
  provider_id: number;
  department_id: number;
  patient_id: number;
  appointment_type_id: number;
  status: 'booked' | 'cancelled';
  notes: string | null;
  updated_at: Timestamp;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status: 'pending' | 'done';
  status_code: number | null;
  sealed_response: string | null;
  created_at: CreatedAt;
}

/** Set by the database on insert; the repository sets it to now() on every update. */
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TenantsTable {
  id: Generated<number>;
  name: string;
  status: Generated<'active' | 'inactive'>;
  ehr_source: Generated<EhrSource>;
  practice_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LocationsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  address: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DepartmentsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  code: string | null;
  location_id: number | null;
  ehr_department_id: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProvidersTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  specialty: string | null;
  is_not_accepting_new_patients: Generated<boolean>;
  ehr_provider_id: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProviderDepartmentsTable {
  provider_id: number;
  department_id: number;
}

export interface AppointmentTypesTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  duration: Generated<number>;
  ehr_appointment_type_id: string | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VisitReasonsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  appointment_type_id: number | null;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GlobalConfigTable {
  key: string;
  value: Json;
  updated_at: UpdatedAt;
}

export interface AuditEventsTable {
  id: ColumnType<string, never, never>;
  at: Timestamp;
  actor_type: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target: string | null;
  result: string;
  ip: string | null;
  user_agent: string | null;
  details: Json<Record<string, unknown>>;
  prev_hash: string;
  hash: string;
}

export interface Database extends WebhookTables {
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  login_throttle: LoginThrottleTable;
  sso_identities: SsoIdentitiesTable;
  sso_sessions: SsoSessionsTable;
  admin_second_factors: AdminSecondFactorsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  api_keys: ApiKeysTable;
  gateway_config: GatewayConfigTable;
  gateway_config_changes: GatewayConfigChangesTable;
  request_logs: RequestLogsTable;
  request_rollups: RequestRollupsTable;
  health_samples: HealthSamplesTable;
  alerts: AlertsTable;
  alert_reads: AlertReadsTable;
  mock_patients: MockPatientsTable;
  mock_slot_bookings: MockSlotBookingsTable;
  idempotency_keys: IdempotencyKeysTable;
  tenants: TenantsTable;
  locations: LocationsTable;
  departments: DepartmentsTable;
  providers: ProvidersTable;
  provider_departments: ProviderDepartmentsTable;
  appointment_types: AppointmentTypesTable;
  visit_reasons: VisitReasonsTable;
  global_config: GlobalConfigTable;
  audit_events: AuditEventsTable;
}

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
export type NewRequestLog = Insertable<RequestLogsTable>;
