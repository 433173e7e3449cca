export const name = '0021-second-factor';

/**
 * TOTP second factor for local accounts. The secret is sealed (AES-256-GCM, MFA_ENCRYPTION_KEY)
 * before it is stored; until its first code is confirmed it is only pending. The last time step a
 * code was accepted for keeps each code single-use. Recovery codes are stored as hashes and marked
 * when used. `admin_users.second_factor_at` says at a glance (every session check) whether the user
 * has a confirmed second factor.
 */
export const up = /* sql */ `
alter table admin_users add column second_factor_at timestamptz;

create table admin_second_factors (
  user_id uuid primary key references admin_users(id) on delete cascade,
  sealed_secret text not null,
  confirmed_at timestamptz,
  last_used_step bigint
);

create table admin_recovery_codes (
  user_id uuid not null references admin_users(id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);
`;
