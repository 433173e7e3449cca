import { sql, type RawBuilder, type Selectable } from 'kysely';

import type { MatchType } from '@ehr-gateway/contracts';

import type { Db } from '../../db/database.js';
import type { ProvidersTable } from '../../db/schema.js';
import { escapeLike } from '../../lib/sql-text.js';
import type { DepartmentRow, LocationRow } from './voice-config-rows.js';

export type SearchTable = 'locations' | 'departments' | 'providers';
export interface SearchRows {
  locations: LocationRow;
  departments: DepartmentRow;
  providers: Selectable<ProvidersTable>;
}

/**
 * What the cross-entity query matches a term against, name first: a caller may find a location by
 * its town, a department by its code and providers by their specialty ("cardiology").
 */
const SEARCH_COLUMNS: Record<SearchTable, readonly string[]> = {
  locations: ['name', 'address'],
  departments: ['name', 'code'],
  providers: ['name', 'specialty'],
};

/**
 * Fuzzy matches score the mean of pg_trgm's similarity (the whole value) and word_similarity (the
 * best-matching stretch of it), so a typo of a whole name ranks above the same word inside a
 * longer name; below this score a value is not a match.
 */
export const FUZZY_THRESHOLD = 0.3;

export interface SearchOptions {
  matchType: MatchType;
  caseSensitive: boolean;
  limit: number;
}

export type Scored<T> = T & { match_score: number };

/**
 * Active entries of a tenant matching a term, best first. Scores: 1 for an exact match; for
 * partial and starts_with the share of the value the term covers (so "Cardiology" scores 1
 * for "cardiology" and 0.5 for "cardio"); for fuzzy the trigram score (see FUZZY_THRESHOLD).
 * Each entry scores its best-matching column (SEARCH_COLUMNS).
 */
export async function searchEntries<T extends SearchTable>(
  db: Db,
  table: T,
  tenantId: number,
  term: string,
  { matchType, caseSensitive, limit }: SearchOptions,
): Promise<Scored<SearchRows[T]>[]> {
  // Fuzzy matching is always case-insensitive: pg_trgm compares lower-cased trigrams.
  const folded = matchType === 'fuzzy' || !caseSensitive;
  const fold = (expression: RawBuilder<unknown>) =>
    folded ? sql`lower(${expression})` : expression;
  const q = fold(sql`${term}::text`);
  const escaped = sql`${escapeLike(term)}::text`;
  const pattern =
    matchType === 'starts_with'
      ? sql`${fold(escaped)} || '%'`
      : sql`'%' || ${fold(escaped)} || '%'`;
  const coverage = (value: RawBuilder<unknown>) =>
    sql`length(${q})::float8 / greatest(length(${value}), 1)`;

  const scores = SEARCH_COLUMNS[table].map((column) => {
    const value = fold(sql.ref(`t.${column}`));
    switch (matchType) {
      case 'exact':
        return sql`case when ${value} = ${q} then 1.0::float8 else 0.0::float8 end`;
      case 'fuzzy':
        return sql`coalesce((similarity(${value}, ${q}) + word_similarity(${q}, ${value}))::float8 / 2, 0.0)`;
      default:
        return sql`case when ${value} like ${pattern} escape '\\' then ${coverage(value)} else 0.0::float8 end`;
    }
  });
  const enough =
    matchType === 'fuzzy' ? sql`match_score >= ${FUZZY_THRESHOLD}` : sql`match_score > 0`;
  const result = await sql<Scored<SearchRows[T]>>`
    select * from (
      select t.*, greatest(${sql.join(scores)}) as match_score
      from ${sql.table(table)} t
      where t.tenant_id = ${tenantId} and t.active
    ) matched
    where ${enough}
    order by match_score desc, lower(name), id
    limit ${limit}`.execute(db);
  return result.rows;
}
