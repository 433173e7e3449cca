export const name = '0017-request-log-lean-indexes';

/**
 * Fewer and cheaper indexes on the request log, so its writer stores rows faster than the gateway
 * answers (decision 0012). A filter matching a good share of the entries (a method, a source, a
 * common status or endpoint) is served by walking (timestamp, id) newest first until a page is
 * full; only filters that can be rare keep an index: an API key and a route (composite with time),
 * a request id, and errors and slow calls through partial indexes that hold those entries alone.
 * The endpoint's substring search keeps its trigram index (see the decision for its price).
 */
export const up = /* sql */ `
drop index if exists request_logs_method_timestamp_idx;
drop index if exists request_logs_source_timestamp_idx;
drop index if exists request_logs_status_timestamp_idx;
drop index if exists request_logs_response_time_idx;
create index request_logs_errors_timestamp_idx on request_logs (timestamp desc)
  where status >= 400;
create index request_logs_slow_timestamp_idx on request_logs (timestamp desc)
  where response_time_ms >= 1000;
`;
