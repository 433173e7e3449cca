import type { NewRequestLog } from '../src/db/schema.js';

/** Request-log rows numbered n: ids, request ids and timestamps that sort by n. */
export const entry = (n: number): NewRequestLog => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  request_id: `req-${n}`,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)).toISOString(),
  endpoint: `/utility/test/${n}`,
  method: 'GET',
  status: 200,
  response_time_ms: 1,
  source: 'utility',
  api_key_id: null,
  api_key_name: null,
  request_data: '{}',
  response_data: null,
  response_truncated: false,
  error_message: null,
  error_stack: null,
});
export const entries = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => entry(from + i));
