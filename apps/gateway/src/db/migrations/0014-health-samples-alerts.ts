export const name = '0014-health-samples-alerts';

/**
 * Each instance records what it sees once a minute (one row per instance and minute, updated while
 * the minute lasts): its database, Redis and athena connection, and request-log entries it dropped.
 * Uptime is measured from these rows; alerts are raised and cleared from them by whichever instance
 * evaluates first, one open alert per (kind, subject). Read marks are per console user.
 */
export const up = /* sql */ `
create table health_samples (
  minute timestamptz not null,
  instance_id text not null,
  sampled_at timestamptz not null,
  database_ok boolean not null,
  redis_ok boolean,
  athena_state text not null check (athena_state in ('not_configured', 'connected', 'disconnected', 'breaker_open')),
  log_dropped integer not null,
  primary key (minute, instance_id)
);
create index health_samples_sampled_at_idx on health_samples (sampled_at desc);

create table alerts (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  subject text not null,
  severity text not null check (severity in ('critical', 'warning')),
  title text not null,
  message text not null,
  link text not null,
  raised_at timestamptz not null,
  cleared_at timestamptz
);
create unique index alerts_open_idx on alerts (kind, subject) where cleared_at is null;
create index alerts_raised_at_idx on alerts (raised_at desc);

create table alert_reads (
  alert_id uuid not null references alerts (id) on delete cascade,
  user_id uuid not null references admin_users (id) on delete cascade,
  read_at timestamptz not null,
  primary key (alert_id, user_id)
);
`;
