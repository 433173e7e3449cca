export const name = '0012-request-log-filters';

/**
 * What the request log's filters and keyset pages read. Pages walk (timestamp, id) newest first;
 * a filter that matches few entries (a status, a slow threshold, a method, a request id) finds them
 * through its own index instead of scanning the newest-first order for matches.
 */
export const up = /* sql */ `
drop index request_logs_timestamp_idx;
create index request_logs_timestamp_id_idx on request_logs (timestamp desc, id desc);
create index request_logs_status_timestamp_idx on request_logs (status, timestamp desc);
create index request_logs_method_timestamp_idx on request_logs (method, timestamp desc);
create index request_logs_response_time_idx on request_logs (response_time_ms);
create index request_logs_request_id_idx on request_logs (request_id);
`;
