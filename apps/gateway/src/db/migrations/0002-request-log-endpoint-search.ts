export const name = '0002-request-log-endpoint-search';

/**
 * Endpoint filtering is a case-insensitive substring match; a trigram index keeps it fast at
 * millions of rows. pg_trgm ships with PostgreSQL's contrib and with PGlite.
 */
export const up = /* sql */ `
create extension if not exists pg_trgm with schema public;
create index request_logs_endpoint_trgm_idx on request_logs using gin (lower(endpoint) gin_trgm_ops);
`;
