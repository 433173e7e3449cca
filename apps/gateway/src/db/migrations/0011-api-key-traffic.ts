export const name = '0011-api-key-traffic';

/**
 * Scopes, limits and rotation for API keys, and the index per-key usage reads. Null scopes (every
 * existing key) means every scope; a rotated key keeps its id, and the key it replaced is found by
 * previous_key_hash until previous_key_expires_at.
 */
export const up = /* sql */ `
alter table api_keys add column scopes text[];
alter table api_keys add column rate_limit integer check (rate_limit > 0);
alter table api_keys add column quota integer check (quota > 0);
alter table api_keys add column rotated_at timestamptz;
alter table api_keys add column previous_key_hash text unique;
alter table api_keys add column previous_key_expires_at timestamptz;
create index request_logs_api_key_timestamp_idx on request_logs (api_key_id, timestamp desc)
  where api_key_id is not null;
`;
