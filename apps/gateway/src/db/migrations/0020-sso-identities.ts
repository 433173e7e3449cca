export const name = '0020-sso-identities';

/**
 * Single sign-on. A console user created by an OIDC sign-in has one identity: the issuer and the
 * subject the provider keys them by (never the email, which can be reassigned), their email and
 * the groups last seen, re-synced at every sign-in. An SSO session keeps the ID token it began with,
 * the hint the provider's end-session endpoint asks for at sign-out; both go with their user or
 * session.
 */
export const up = /* sql */ `
create table sso_identities (
  user_id uuid primary key references admin_users(id) on delete cascade,
  issuer text not null,
  subject text not null,
  email text,
  groups jsonb not null,
  synced_at timestamptz not null,
  unique (issuer, subject)
);

create table sso_sessions (
  session_id uuid primary key references admin_sessions(id) on delete cascade,
  id_token text not null
);
`;
