import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

/**
 * The webhook tables (migrations 0030, 0031) and the change poll's watermarks (0033), kept apart
 * from schema.ts to keep each file short.
 */
export interface WebhookEndpointsTable {
  id: Generated<string>;
  url: string;
  events: Json<string[]>;
  description: string;
  payload: string;
  phi_approved: Generated<boolean>;
  status: Generated<string>;
  failure_streak: Generated<number>;
  failing_since: Timestamp | null;
  disabled_at: Timestamp | null;
  practice_ids: Json<string[] | null> | null;
  owner_key_id: string | null;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Timestamp | null;
  secret_rotated_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  id: string;
  seq: Generated<string>;
  type: string;
  occurred_at: Timestamp;
  source: string;
  practice_id: string;
  ordering_key: string;
  data_ids: Json<Record<string, unknown>>;
  data_full_sealed: string | null;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  seq: Generated<string>;
  endpoint_id: string;
  event_id: string;
  ordering_key: string;
  status: Generated<string>;
  attempt_count: Generated<number>;
  next_attempt_at: Timestamp;
  leased_until: Timestamp | null;
  delivered_at: Timestamp | null;
  last_response_status: number | null;
  created_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  attempted_at: Timestamp;
  outcome: string;
  response_status: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface EhrChangeWatermarksTable {
  source: string;
  practice_id: string;
  watermark: Timestamp | null;
  seen: Json<string[]>;
  leased_until: Timestamp | null;
  updated_at: Generated<Date>;
}

/** Writes to a remote EHR not yet matched by an outbox event (migration 0031). */
export interface EhrWriteIntentsTable {
  id: string;
  source: string;
  practice_id: string;
  operation: string;
  target: Json<Record<string, string | null>>;
  identity_sealed: string | null;
  created_at: Timestamp;
  attempt_after: Timestamp;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  ehr_change_watermarks: EhrChangeWatermarksTable;
  ehr_write_intents: EhrWriteIntentsTable;
}
