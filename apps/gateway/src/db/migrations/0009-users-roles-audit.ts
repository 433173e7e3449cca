export const name = '0009-users-roles-audit';

/**
 * Several console users with roles and a separate PHI-access grant; sessions remember where they
 * were opened; how the request log keeps bodies (payload capture) and for how long; and the audit
 * trail.
 *
 * - Usernames are unique however they are capitalised, and sign-in ignores case.
 * - Users that exist before this migration are administrators with PHI access, as they were.
 * - Request-log entries written before it kept bodies in the clear: they are marked 'full' (so
 *   only users with PHI access see them unmasked) until payload retention removes their bodies.
 * - audit_events is append-only: a trigger refuses every UPDATE, and the code deletes only for
 *   retention. Each event stores the hash of the one before it (see modules/audit), so an edit
 *   made around the trigger still shows in GET /admin/audit/verify.
 */
export const up = /* sql */ `
alter table admin_users add column role text not null default 'admin'
  check (role in ('admin', 'developer', 'auditor'));
alter table admin_users add column phi_access boolean not null default false;
update admin_users set phi_access = true;
alter table admin_users add column active boolean not null default true;
alter table admin_users add column must_change_password boolean not null default false;
alter table admin_users add column last_sign_in_at timestamptz;
create unique index admin_users_username_lower_idx on admin_users (lower(username));

alter table admin_sessions add column ip text;
alter table admin_sessions add column user_agent text;
create index admin_sessions_user_idx on admin_sessions (user_id);

alter table gateway_config add column payload_capture text not null default 'masked'
  check (payload_capture in ('metadata', 'masked', 'full'));
alter table gateway_config add column payload_retention_days integer not null default 7;

alter table request_logs add column payload_capture text not null default 'full';
alter table request_logs add column request_data_sealed text;
alter table request_logs add column response_data_sealed text;
alter table request_logs add column payload_purged boolean not null default false;
create index request_logs_payload_due_idx on request_logs (timestamp) where not payload_purged;

create table audit_events (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  actor_type text not null,
  actor_id text,
  actor_name text,
  action text not null,
  target text,
  result text not null,
  ip text,
  user_agent text,
  details jsonb not null,
  prev_hash text not null,
  hash text not null
);
create index audit_events_at_idx on audit_events (at);
create index audit_events_action_idx on audit_events (action, id);
create index audit_events_actor_name_idx on audit_events (actor_name, id);
create index audit_events_actor_id_idx on audit_events (actor_id, id);

create function audit_events_refuse_update() returns trigger language plpgsql
  as $$ begin raise exception 'audit_events is append-only'; end $$;
create trigger audit_events_append_only before update on audit_events
  for each row execute function audit_events_refuse_update();
`;
