/**
 * pgvector search of memory vectors, where the database has the extension
 * (docs/recall-and-updates.md). No migration depends on pgvector: the vectors stay `real[]` in
 * `memory_embeddings`, so every migration applies on a PostgreSQL without it. At start-up
 * (`enablePgvector`, from the handle's `migrate()`) the extension is created when
 * `pg_available_extensions` lists it; a search then asks once per database object whether it is
 * installed (`hasPgvector`). The dimension is per model, so there is no typed column: each
 * (model, dimension) gets its own partial HNSW index on the expression `(vector::vector(N))`,
 * created the first time vectors of that model and dimension are stored (`ensureVectorIndex`). The
 * search orders the scope's rows by cosine distance on that same expression, so the planner can
 * use the index (or, for a small scope, the scope's b-tree index and an exact sort).
 */
import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './memories.js';
import { learnedThrough } from './memory-reach.js';
import type { RecallScope } from './memory-recall.js';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The candidates HNSW examines per query (pgvector's default is 40). */
export const HNSW_EF_SEARCH = 200;
/** Arbitrary constant naming the index-creation lock (two processes may store the first vectors together). */
const INDEX_LOCK_KEY = 7_016_220;

/** Creates the `vector` extension when the database offers it; false (and nothing done) otherwise. */
export async function enablePgvector(db: Executor): Promise<boolean> {
  const available = await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`);
  if (rowsOf(available).length === 0) return false;
  try {
    await db.execute(sql`create extension if not exists vector`);
    installed.set(db, { known: Promise.resolve(true), at: Date.now() });
    return true;
  } catch {
    // Offered but not creatable by this role: the exact-cosine path serves, as without pgvector.
    return false;
  }
}

// Per database object (the API's and the worker's): whether `vector` is installed, and when asked.
const installed = new WeakMap<object, { known: Promise<boolean>; at: number }>();
/** A "no" is asked again after this long: an extension created later is found without a restart. */
const RECHECK_ABSENT_MS = 60_000;

/** True when the `vector` extension is installed in the database behind `db`. */
export async function hasPgvector(db: Executor): Promise<boolean> {
  const entry = installed.get(db);
  if (entry && (Date.now() - entry.at < RECHECK_ABSENT_MS || (await entry.known))) return entry.known;
  const known = db
    .execute(sql`select 1 from pg_extension where extname = 'vector'`)
    .then((r) => rowsOf(r).length > 0)
    .catch(() => false);
  installed.set(db, { known, at: Date.now() });
  return known;
}

/** The model as an SQL literal: partial-index predicates must be constants for the planner to match them. */
const modelLiteral = (model: string): SQL => sql.raw(`'${model.replaceAll("'", "''")}'`);

const dimsLiteral = (dims: number): SQL => {
  if (!Number.isInteger(dims) || dims < 1 || dims > 16_000) throw new Error('vector dimension out of range');
  return sql.raw(String(dims));
};

/** The index of one (model, dimension): a name PostgreSQL accepts for any model string. */
export function vectorIndexName(model: string, dims: number): string {
  const hash = createHash('sha256').update(`${model}\u0000${dims}`).digest('hex').slice(0, 16);
  return `memory_embeddings_hnsw_${hash}`;
}

// Per database object: the indexes known to exist.
const ensuredIndexes = new WeakMap<object, Set<string>>();

/**
 * Creates the partial HNSW index for (model, dims) if it is missing (once per process). Called
 * before vectors of that model are stored; when it cannot be made the search still works (an
 * exact sort of the scope's rows), so a failure here never fails the store.
 */
export async function ensureVectorIndex(db: Executor, model: string, dims: number): Promise<void> {
  const name = vectorIndexName(model, dims);
  const ensured = ensuredIndexes.get(db) ?? new Set<string>();
  ensuredIndexes.set(db, ensured);
  if (ensured.has(name) || !(await hasPgvector(db))) return;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${INDEX_LOCK_KEY})`);
      await tx.execute(
        sql`create index if not exists ${sql.identifier(name)} on memory_embeddings using hnsw ((vector::vector(${dimsLiteral(dims)})) vector_cosine_ops) where model = ${modelLiteral(model)} and dims = ${dimsLiteral(dims)}`,
      );
    });
  } catch {
    // E.g. more than HNSW's 2,000 dimensions: no index, the search sorts the scope's rows exactly.
  }
  ensured.add(name);
}

/** Condition on the scope's rows of `memory_embeddings` (user; agent without a user; session). */
function scopeSql(scope: RecallScope): SQL {
  const parts: SQL[] = [];
  if (scope.userId !== null) {
    // Learned through the scope's agent or through none (db/memory/memory-reach.ts).
    const through = learnedThrough(sql`agent_id`, scope.agentId);
    parts.push(sql`(user_id = ${scope.userId}${through ? sql` and ${through}` : sql``})`);
  }
  if (scope.agentId !== null) parts.push(sql`(user_id is null and agent_id = ${scope.agentId})`);
  if (scope.sessionId !== null) parts.push(sql`session_scope = ${scope.sessionId}`);
  const within = parts.length > 0 ? sql` and (${sql.join(parts, sql` or `)})` : sql``;
  return sql`tenant_id = ${scope.tenantId}${within}`;
}

/**
 * The scope's `limit` vectors of `model` nearest to `query` (a unit vector), by cosine, through
 * pgvector: ids and cosines, best first. HNSW is approximate; its iterative scan (strict order)
 * keeps reading the graph until `limit` rows of the scope are found, so a small scope inside a
 * big table is not starved.
 */
export async function pgvectorNearest(
  db: Executor,
  scope: RecallScope,
  model: string,
  query: Float32Array,
  limit: number,
): Promise<Array<{ id: string; cosine: number }>> {
  const n = dimsLiteral(query.length);
  const literal = `[${Array.from(query).join(',')}]`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('hnsw.ef_search', ${String(HNSW_EF_SEARCH)}, true), set_config('hnsw.iterative_scan', 'strict_order', true)`,
    );
    const result = await tx.execute(
      sql`select memory_id as id, (vector::vector(${n})) <=> ${literal}::vector(${n}) as distance
          from memory_embeddings
          where model = ${modelLiteral(model)} and dims = ${n} and vector is not null and ${scopeSql(scope)}
          order by vector::vector(${n}) <=> ${literal}::vector(${n})
          limit ${limit}`,
    );
    return rowsOf<{ id: string; distance: number | string }>(result).map((r) => ({
      id: r.id,
      cosine: 1 - Number(r.distance),
    }));
  });
}
