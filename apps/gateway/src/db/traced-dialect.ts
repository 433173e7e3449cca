import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** The statement's verb (`select`, `insert`, …): never its text, which may quote values. */
function operationOf(query: CompiledQuery): string {
  const verb = /^\s*(\w+)/.exec(query.sql)?.[1]?.toLowerCase();
  return verb && verb.length <= 16 ? verb : 'query';
}

function tracedConnection(
  connection: DatabaseConnection,
  tracer: Tracer,
  system: string,
): DatabaseConnection {
  return {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const operation = operationOf(query);
      return tracer.startActiveSpan(
        `db ${operation}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system.name': system, 'db.operation.name': operation },
        },
        async (span) => {
          try {
            return await connection.executeQuery<R>(query);
          } catch (error) {
            span.setStatus({ code: SpanStatusCode.ERROR });
            span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

/**
 * A Kysely dialect whose statements are child spans of the request that runs them. Wrapping the
 * driver covers PGlite and PostgreSQL alike; the pg instrumentation would cover PostgreSQL only,
 * and only with an ESM loader hook.
 */
export function tracedDialect(dialect: Dialect, tracer: Tracer, system: string): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const unwrap = (connection: DatabaseConnection) => originals.get(connection) ?? connection;
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const connection = await driver.acquireConnection();
          const traced = tracedConnection(connection, tracer, system);
          originals.set(traced, connection);
          return traced;
        },
        beginTransaction: (connection, settings: TransactionSettings) =>
          driver.beginTransaction(unwrap(connection), settings),
        commitTransaction: (connection) => driver.commitTransaction(unwrap(connection)),
        rollbackTransaction: (connection) => driver.rollbackTransaction(unwrap(connection)),
        releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
        destroy: () => driver.destroy(),
        ...(driver.savepoint
          ? {
              savepoint: (connection, name, compile) =>
                driver.savepoint!(unwrap(connection), name, compile),
            }
          : {}),
        ...(driver.rollbackToSavepoint
          ? {
              rollbackToSavepoint: (connection, name, compile) =>
                driver.rollbackToSavepoint!(unwrap(connection), name, compile),
            }
          : {}),
        ...(driver.releaseSavepoint
          ? {
              releaseSavepoint: (connection, name, compile) =>
                driver.releaseSavepoint!(unwrap(connection), name, compile),
            }
          : {}),
      };
    },
  };
}
