export const name = '0013-request-rollups';

/**
 * Traffic figures kept apart from the request log: every written batch adds its requests to one row
 * per (granularity, bucket start, source, route, method, status class, API key). Instances sharing
 * the database add to the same rows. Latency histograms are counts per bucket of the fixed bounds in
 * lib/latency-histogram.ts, so percentiles of any window are a sum of rows away. The request log
 * gains the route template and upstream time its entries were rolled up with.
 */
export const up = /* sql */ `
alter table request_logs add column route text;
alter table request_logs add column upstream_ms real;
create index request_logs_route_timestamp_idx on request_logs (route, timestamp desc);

create table request_rollups (
  granularity text not null check (granularity in ('minute', 'hour', 'day')),
  bucket_start timestamptz not null,
  source text not null,
  route text not null,
  method text not null,
  status_class text not null,
  api_key_id text not null,
  count integer not null,
  rate_limited integer not null,
  total_ms double precision not null,
  upstream_count integer not null,
  upstream_ms double precision not null,
  latency_histogram integer[] not null,
  upstream_histogram integer[] not null,
  primary key (granularity, bucket_start, source, route, method, status_class, api_key_id)
);
`;
