import { sql } from 'kysely';

import type { Storage } from '@ehr-gateway/gateway';

/** Rows per statement: each must finish within the storage's statement timeout. */
const SEED_CHUNK = 20_000;

/** API keys the seeded rows name (every 21st row has none). */
export const SEED_KEY_IDS = Array.from(
  { length: 20 },
  (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
);

/**
 * Writes `rows` request-log rows spread evenly over the `windowMs` before `end`, generated in the
 * database: 12 endpoints, 5 methods, statuses from 200 to 504, 20 keys (and keyless calls),
 * latencies 1 ms – 3 s with a tail past 1 s (one row in 97), random ids as the gateway's.
 */
export async function seedRequestLogs(
  db: Storage['db'],
  rows: number,
  windowMs: number,
  end: number,
) {
  const start = end - windowMs;
  for (let first = 1; first <= rows; first += SEED_CHUNK) {
    const last = Math.min(rows, first + SEED_CHUNK - 1);
    await sql`insert into request_logs (id, request_id, timestamp, endpoint, route, method, status,
        response_time_ms, source, api_key_id, request_data)
      select gen_random_uuid(), 'bench-' || n,
        ${new Date(start)}::timestamptz + (n::float8 * ${windowMs / rows} * interval '1 millisecond'),
        (array['/api/195900/patients', '/api/195900/patients/1001', '/api/195900/appointments',
               '/api/195900/providers', '/api/195900/departments', '/aggregate/department-providers',
               '/aggregate/patient-open-slots', '/aggregate/smart-scheduling',
               '/llm/tools/query-healthcare-entities', '/voice-config/tenants', '/utility/datetime',
               '/utility/test'])[1 + n % 12],
        (array['/api/{practiceId}/patients', '/api/{practiceId}/patients/{patientId}',
               '/api/{practiceId}/appointments', '/api/{practiceId}/providers',
               '/api/{practiceId}/departments', '/aggregate/department-providers',
               '/aggregate/patient-open-slots', '/aggregate/smart-scheduling',
               '/llm/tools/query-healthcare-entities', '/voice-config/tenants', '/utility/datetime',
               '/utility/test'])[1 + n % 12],
        (array['GET', 'GET', 'GET', 'POST', 'GET', 'PUT', 'GET', 'DELETE', 'GET', 'PATCH'])[1 + n % 10],
        (array[200, 200, 200, 200, 200, 200, 200, 201, 204, 400, 401, 404, 409, 429, 500, 502, 503, 504])[1 + (n * 7) % 18],
        case when n % 97 = 0 then 1000 + (n % 2000) else 1 + (n::bigint * 7919) % 300 / 10.0 end,
        (array['athena', 'mock', 'aggregation', 'llm-tools', 'voice-config', 'utility'])[1 + n % 6],
        case when n % 21 = 0 then null
             else (${sql.val(SEED_KEY_IDS)}::uuid[])[1 + n % 20] end,
        '{}'::jsonb
      from generate_series(${first}::int, ${last}::int) n`.execute(db);
  }
  // What the retention job does after bulk work: current planner statistics.
  await sql`analyze request_logs`.execute(db);
}
