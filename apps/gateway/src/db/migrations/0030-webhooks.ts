export const name = '0030-webhooks';

/**
 * Signed webhooks (issue 27). Endpoints keep their signing secrets sealed (AES-256-GCM); the
 * previous secret signs beside the new one until its grace period ends. Events are the outbox:
 * written with the change they describe, fanned out at once into one delivery per subscribed
 * endpoint, so a crash before delivery loses nothing. A delivery is claimed with a short lease
 * (`leased_until`), taken under FOR UPDATE SKIP LOCKED, so instances never send the same one at
 * once; `ordering_key` (the appointment or patient) keeps one resource's events in order. Each
 * attempt is logged with the first kilobyte of the answer, PHI masked.
 */
export const up = /* sql */ `
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  url text not null,
  events jsonb not null,
  description text not null default '',
  payload text not null default 'id-only',
  phi_approved boolean not null default false,
  status text not null default 'active',
  failure_streak integer not null default 0,
  failing_since timestamptz,
  disabled_at timestamptz,
  practice_ids jsonb,
  owner_key_id uuid,
  secret_sealed text not null,
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  secret_rotated_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_owner_idx on webhook_endpoints (owner_key_id);

create table webhook_events (
  id uuid primary key default gen_random_uuid(),
  seq bigserial not null unique,
  type text not null,
  occurred_at timestamptz not null,
  source text not null,
  practice_id text not null,
  ordering_key text not null,
  data_ids jsonb not null,
  data_full_sealed text,
  created_at timestamptz not null default now()
);
create index webhook_events_created_idx on webhook_events (created_at);

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  seq bigserial not null unique,
  endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
  event_id uuid not null references webhook_events(id) on delete cascade,
  ordering_key text not null,
  status text not null default 'pending',
  attempt_count integer not null default 0,
  next_attempt_at timestamptz not null,
  leased_until timestamptz,
  delivered_at timestamptz,
  last_response_status integer,
  created_at timestamptz not null
);
create index webhook_deliveries_due_idx on webhook_deliveries (status, next_attempt_at);
create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, seq desc);
create index webhook_deliveries_order_idx on webhook_deliveries (endpoint_id, ordering_key, seq)
  where status = 'pending';

create table webhook_attempts (
  id uuid primary key default gen_random_uuid(),
  delivery_id uuid not null references webhook_deliveries(id) on delete cascade,
  attempted_at timestamptz not null,
  outcome text not null,
  response_status integer,
  duration_ms integer not null,
  response_excerpt text,
  error text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempted_at desc);
create index webhook_attempts_time_idx on webhook_attempts (attempted_at);
`;
