import { sql } from 'kysely';

import type { Db } from './database.js';
import * as initial from './migrations/0001-initial.js';
import * as endpointSearch from './migrations/0002-request-log-endpoint-search.js';
import * as mockEhr from './migrations/0003-mock-ehr.js';
import * as idempotencyKeys from './migrations/0004-idempotency-keys.js';
import * as voiceConfig from './migrations/0005-voice-config.js';
import * as dropVoiceConfigTrigrams from './migrations/0006-drop-voice-config-trigram-indexes.js';
import * as loginThrottle from './migrations/0007-login-throttle.js';
import * as apiKeyPractices from './migrations/0008-api-key-practices.js';
import * as usersRolesAudit from './migrations/0009-users-roles-audit.js';
import * as sealedIdempotentAnswers from './migrations/0010-sealed-idempotent-answers.js';
import * as apiKeyTraffic from './migrations/0011-api-key-traffic.js';
import * as requestLogFilters from './migrations/0012-request-log-filters.js';
import * as requestRollups from './migrations/0013-request-rollups.js';
import * as healthSamplesAlerts from './migrations/0014-health-samples-alerts.js';
import * as requestLogTraceId from './migrations/0015-request-log-trace-id.js';
import * as healthSampleSpoolFull from './migrations/0016-health-sample-spool-full.js';
import * as requestLogLeanIndexes from './migrations/0017-request-log-lean-indexes.js';
import * as ssoIdentities from './migrations/0020-sso-identities.js';
import * as secondFactor from './migrations/0021-second-factor.js';
import * as fhirEhrSource from './migrations/0025-fhir-ehr-source.js';
import * as webhooks from './migrations/0030-webhooks.js';
import * as ehrWriteIntents from './migrations/0031-ehr-write-intents.js';
import * as ehrChangeWatermarks from './migrations/0033-ehr-change-watermarks.js';

interface Migration {
  name: string;
  up: string;
}

/** Applied in this order, each once. Never edit a released migration; add a new one. */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  endpointSearch,
  mockEhr,
  idempotencyKeys,
  voiceConfig,
  dropVoiceConfigTrigrams,
  loginThrottle,
  apiKeyPractices,
  usersRolesAudit,
  sealedIdempotentAnswers,
  apiKeyTraffic,
  requestLogFilters,
  requestRollups,
  healthSamplesAlerts,
  requestLogTraceId,
  healthSampleSpoolFull,
  requestLogLeanIndexes,
  ssoIdentities,
  secondFactor,
  fhirEhrSource,
  webhooks,
  ehrWriteIntents,
  ehrChangeWatermarks,
];

/** Arbitrary constant shared by every instance so that only one migrates at a time. */
const MIGRATION_LOCK_ID = 4_827_301_556;

/**
 * Runs pending migrations inside one transaction holding a transaction-scoped advisory lock, so
 * that instances starting together apply each migration exactly once.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(tx);
    await sql`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`.execute(tx);
    const applied = await sql<{ name: string }>`select name from schema_migrations`.execute(tx);
    const done = new Set(applied.rows.map((row) => row.name));
    const ran: string[] = [];
    for (const migration of MIGRATIONS) {
      if (done.has(migration.name)) {
        continue;
      }
      for (const statement of splitStatements(migration.up)) {
        await sql.raw(statement).execute(tx);
      }
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(tx);
      ran.push(migration.name);
    }
    return ran;
  });
}

/**
 * PGlite's extended protocol runs one statement per query, so migrations are split on a semicolon
 * that ends a line. Invariant: migrations contain no such semicolon inside a statement.
 */
export function splitStatements(script: string): string[] {
  return script
    .split(/;\s*\n/)
    .map((statement) => statement.trim().replace(/;$/, ''))
    .filter((statement) => statement.length > 0);
}
