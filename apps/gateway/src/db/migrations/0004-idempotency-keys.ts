export const name = '0004-idempotency-keys';

/**
 * Answers to requests sent with an Idempotency-Key, so a retried request gets the first answer
 * instead of doing the work twice. A row is claimed (status 'pending') before the work starts.
 */
export const up = /* sql */ `
create table idempotency_keys (
  scope text not null,
  key text not null,
  request_hash text not null,
  status text not null check (status in ('pending', 'done')),
  status_code integer,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
`;
