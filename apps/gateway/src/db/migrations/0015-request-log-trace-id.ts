export const name = '0015-request-log-trace-id';

/** The OpenTelemetry trace a request ran under, so Log Details can lead to it in a tracing backend. */
export const up = /* sql */ `
alter table request_logs add column trace_id text;
`;
