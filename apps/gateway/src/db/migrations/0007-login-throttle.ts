export const name = '0007-login-throttle';

/**
 * Sign-in attempts counted per subject (a username, or a client address) in a fixed window. The
 * count is claimed with one atomic upsert before a password is checked, so however many guesses
 * arrive at once, on however many instances, at most the limit of them is ever evaluated. The
 * failure rows of 0001 counted after the fact and are no longer used.
 */
export const up = /* sql */ `
create table login_throttle (
  subject text primary key,
  window_started_at timestamptz not null,
  attempts integer not null
);
create index login_throttle_window_idx on login_throttle (window_started_at);
drop table login_failures;
`;
