export const name = '0016-health-sample-spool-full';
/**
 * Whether an instance's request-log journal was at REQUEST_LOG_SPOOL_MAX_MB during the minute:
 * past it new entries are in memory only, so the console raises an alert before any is dropped.
 */
export const up = /* sql */ `
alter table health_samples add column log_spool_full boolean not null default false;
`;
