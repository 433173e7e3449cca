export const name = '0001-initial';

export const up = /* sql */ `
create table admin_users (
  id uuid primary key default gen_random_uuid(),
  username text not null unique,
  display_name text not null,
  password_hash text not null,
  created_at timestamptz not null default now()
);

create table admin_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references admin_users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null,
  expires_at timestamptz not null
);
create index admin_sessions_expires_at_idx on admin_sessions (expires_at);

create table login_failures (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  ip text not null,
  failed_at timestamptz not null
);
create index login_failures_username_idx on login_failures (username, failed_at);
create index login_failures_ip_idx on login_failures (ip, failed_at);

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  key_hash text not null unique,
  display_prefix text not null,
  last_four text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);

create table gateway_config (
  id integer primary key check (id = 1),
  api_root text not null,
  practice_id text not null,
  log_level text not null,
  caching boolean not null,
  updated_at timestamptz not null,
  updated_by text
);

create table gateway_config_changes (
  id uuid primary key default gen_random_uuid(),
  changed_at timestamptz not null default now(),
  changed_by text not null,
  before jsonb not null,
  after jsonb not null
);
create index gateway_config_changes_changed_at_idx on gateway_config_changes (changed_at desc);

create table request_logs (
  id uuid primary key,
  request_id text not null,
  timestamp timestamptz not null,
  endpoint text not null,
  method text not null,
  status integer not null,
  response_time_ms double precision not null,
  source text not null,
  api_key_id uuid,
  api_key_name text,
  request_data jsonb not null,
  response_data jsonb,
  response_truncated boolean not null default false,
  error_message text,
  error_stack text
);
create index request_logs_timestamp_idx on request_logs (timestamp desc);
create index request_logs_source_timestamp_idx on request_logs (source, timestamp desc);
`;
