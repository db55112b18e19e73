/**
 * The database connection: PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite
 * (same schema, same migrations) so `molt dev` needs no setup. PGlite is one process's database:
 * the API and the worker must share it in-process (which `molt dev` does).
 */
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { DEFAULT_DB_POOL_SIZE } from '../config/defaults.js';
import { moltPath } from '../config/paths.js';
import { backfillMemoryTerms } from './memory/memories.js';
import { enablePgvector } from './memory/pgvector.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Applies the committed drizzle migrations (idempotent), then creates pgvector where available. */
  migrate(): Promise<void>;
  /** True when a trivial query succeeds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * An error and its causes, outermost first: drizzle wraps the driver's error (with its SQLSTATE
 * `code` and `constraint`) in its own. Bounded, for a cause chain that loops.
 */
export function* causeChain(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** How long a request waits for a new PostgreSQL connection before it counts as an outage. */
const CONNECT_TIMEOUT_MS = 5_000;

/** What `executePrepared` needs of drizzle's database (or transaction): its session and dialect. */
interface DrizzleInternals {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<{ rows: unknown[] }> };
  };
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
}

/**
 * Runs `query` (on `db` or a transaction) as the named prepared statement `name`: on PostgreSQL
 * it is parsed and planned once per connection instead of on every call, which for a big statement
 * on a hot path costs the server more than running it. PGlite runs it as it is. The query's text
 * must be the same on every call (its values are parameters). Goes through drizzle's session, the
 * way drizzle's own `.prepare(name)` does; drizzle has no public call for raw SQL.
 */
export async function executePrepared<Row>(db: Database, name: string, query: SQL): Promise<Row[]> {
  const { session, dialect } = db as unknown as DrizzleInternals;
  const result = await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return result.rows as Row[];
}

/** Arbitrary constant naming molt's migration lock (pg_advisory_lock takes a bigint). */
const MIGRATION_LOCK_KEY = 7_016_201;

export const MIGRATIONS_FOLDER = moltPath('db', 'migrations');

export type DatabaseTarget = { url: string } | { pgliteDir: string } | { pglite: 'memory' };

export async function openDatabase(
  target: DatabaseTarget,
  options: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  if ('url' in target) {
    const { Pool } = await import('pg');
    const { drizzle, NodePgSession } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: target.url,
      max: options.poolSize ?? DEFAULT_DB_POOL_SIZE,
      // A server that accepts no connection (down, or a network that drops packets) fails the
      // request with an outage error (503 + Retry-After) instead of queueing it for ever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A lost connection must never crash the process. An idle client's error reaches the pool's
    // listener and the pool replaces the client; a checked-out client's (one holding a
    // transaction open while the turn's signal is in flight) has no listener of its own, so one
    // is added to each client: its pending and next queries fail, and the caller handles that.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema });
    releaseClientOnFailedBegin(db as unknown as PooledDrizzle, pool, NodePgSession);
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: async () => {
        // API and worker processes may start together: one migrates, the others wait.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
        await backfillMemoryTerms(db as unknown as Database);
        await enablePgvector(db as unknown as Database);
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm ships as a PGlite contrib extension; memory search and dedup need it (docs/memory.md#the-model).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // pgvector for memory vectors' HNSW search (db/memory/pgvector.ts); created by migrate().
  const { vector } = await import('@electric-sql/pglite-pgvector');
  const extensions = { pg_trgm, vector };
  let client: InstanceType<typeof PGlite>;
  if ('pgliteDir' in target) {
    mkdirSync(target.pgliteDir, { recursive: true });
    client = new PGlite(target.pgliteDir, { extensions });
  } else {
    client = new PGlite({ extensions });
  }
  await client.waitReady;
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: async () => {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await backfillMemoryTerms(db as unknown as Database);
      await enablePgvector(db as unknown as Database);
    },
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
  };
}

/** The two fields of drizzle's database object the work-around reaches (not in its types). */
interface PooledDrizzle {
  transaction: unknown;
  session: { dialect: unknown; schema: unknown; options: unknown };
}

/**
 * drizzle-orm 0.45's pooled `transaction()` runs BEGIN before the try/finally that releases the
 * client (drizzle-team/drizzle-orm#6023, #6241, open): a connection that dies between checkout and
 * BEGIN — exactly what a PostgreSQL restart or a cut network does — is never released, and after
 * `max` such failures every request waits on an empty pool. Here a transaction checks its client
 * out itself and runs drizzle's own transaction on it (a session over a single client never
 * releases), then always releases it; pg-pool discards a client whose connection is gone. Remove
 * when drizzle releases the client itself.
 */
function releaseClientOnFailedBegin(
  db: PooledDrizzle,
  pool: import('pg').Pool,
  Session: typeof import('drizzle-orm/node-postgres').NodePgSession,
): void {
  const pooled = db.session;
  db.transaction = async (run: never, config?: never) => {
    const client = await pool.connect();
    try {
      // biome-ignore lint/suspicious/noExplicitAny: drizzle's session constructor wants its internals back
      const session = new Session(client, pooled.dialect as any, pooled.schema as any, pooled.options as any);
      return await session.transaction(run, config);
    } finally {
      client.release();
    }
  };
}
