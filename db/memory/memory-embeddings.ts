/**
 * Memory vectors' storage and search (docs/recall-and-updates.md): which current
 * memories still need a vector for a model, storing vectors and failures, the embedding status, and
 * the scope's nearest memories to a query vector: through pgvector where the database has it
 * (db/memory/pgvector.ts), otherwise from the scope's vectors cached in memory (db/memory/vector-cache.ts,
 * one matrix per user, agent or session that every session of it shares, caught up incrementally)
 * and scanned there (context/memory/vector-scan.ts; vectors are unit length).
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
/** Which memories a run embeds: one extraction's, some ids, or every current memory (backfill). */
import type { EmbeddingSelector } from '../../context/memory/types.js';
import type { Database } from '../client.js';
import type { Executor } from './memories.js';
import { memoryEmbeddings } from './memory-embedding-schema.js';
import { notAgentPersonal, type RecallScope } from './memory-recall.js';
import { currentCondition, type MemoryRow, memories } from './memory-schema.js';
import { ensureVectorIndex, hasPgvector, pgvectorNearest } from './pgvector.js';
import { cachedNearest } from './vector-cache.js';

export { clearVectorCache, VECTOR_CACHE_FRESH_MS } from './vector-cache.js';

export type { EmbeddingSelector };

/** Current memories with no vector for `model` yet (a failed one is tried again), by id after `afterId`. */
export async function pendingEmbeddings(
  db: Executor,
  model: string,
  selector: EmbeddingSelector,
  afterId: string,
  limit: number,
): Promise<MemoryRow[]> {
  const conditions: SQL[] = [currentCondition(), gt(memories.id, afterId)];
  if (selector.tenantId) conditions.push(eq(memories.tenantId, selector.tenantId));
  if (selector.extractionId) conditions.push(eq(memories.extractionId, selector.extractionId));
  if (selector.memoryIds) conditions.push(inArray(memories.id, selector.memoryIds));
  conditions.push(
    sql`not exists (select 1 from ${memoryEmbeddings} e where e.memory_id = ${memories.id} and e.model = ${model} and e.vector is not null)`,
  );
  return db
    .select()
    .from(memories)
    .where(and(...conditions))
    .orderBy(asc(memories.id))
    .limit(limit);
}

const scopeColumns = (memory: MemoryRow) => ({
  tenantId: memory.tenantId,
  userId: memory.userId,
  agentId: memory.agentId,
  sessionScope: memory.sessionScope,
});

/** The dimensions of the vectors stored for `model` (one model, one space); null: none stored yet. */
export async function storedEmbeddingDims(db: Database, model: string): Promise<number | null> {
  const [stored] = await db
    .select({ dims: memoryEmbeddings.dims })
    .from(memoryEmbeddings)
    .where(and(eq(memoryEmbeddings.model, model), isNotNull(memoryEmbeddings.vector)))
    .limit(1);
  return stored ? stored.dims : null;
}

export async function storeEmbeddings(
  db: Executor,
  model: string,
  rows: ReadonlyArray<{ memory: MemoryRow; vector: Float32Array }>,
): Promise<void> {
  if (rows.length === 0) return;
  for (const dims of new Set(rows.map((r) => r.vector.length))) await ensureVectorIndex(db, model, dims);
  await db
    .insert(memoryEmbeddings)
    .values(
      rows.map(({ memory, vector }) => ({
        memoryId: memory.id,
        model,
        ...scopeColumns(memory),
        dims: vector.length,
        vector: Array.from(vector),
        error: null,
        verdict: 'embedded' as const,
      })),
    )
    .onConflictDoUpdate({
      target: [memoryEmbeddings.memoryId, memoryEmbeddings.model],
      set: {
        vector: sql`excluded.vector`,
        dims: sql`excluded.dims`,
        error: null,
        verdict: 'embedded',
        embeddedAt: sql`now()`,
      },
    });
}

/** Records a failed embedding of these memories (no vector, the error, one more attempt). */
export async function recordEmbeddingFailure(
  db: Executor,
  model: string,
  rows: readonly MemoryRow[],
  error: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(memoryEmbeddings)
    .values(
      rows.map((memory) => ({
        memoryId: memory.id,
        model,
        ...scopeColumns(memory),
        dims: 0,
        vector: null,
        error,
        verdict: 'failed' as const,
      })),
    )
    .onConflictDoUpdate({
      target: [memoryEmbeddings.memoryId, memoryEmbeddings.model],
      set: {
        error: sql`excluded.error`,
        verdict: 'failed',
        attempts: sql`${memoryEmbeddings.attempts} + 1`,
        embeddedAt: sql`now()`,
      },
      setWhere: isNull(memoryEmbeddings.vector),
    });
}

/** A tenant's embedding state for a model: current memories embedded, failed (with the latest error), pending. */
export async function embeddingStatus(db: Database, tenantId: string, model: string) {
  const [counts] = await db
    .select({
      current: sql<number>`count(*)::int`.mapWith(Number),
      embedded: sql<number>`count(*) filter (where e.vector is not null)::int`.mapWith(Number),
      failed: sql<number>`count(*) filter (where e.vector is null and e.error is not null)::int`.mapWith(
        Number,
      ),
    })
    .from(memories)
    .leftJoin(sql`${memoryEmbeddings} e`, sql`e.memory_id = ${memories.id} and e.model = ${model}`)
    .where(and(eq(memories.tenantId, tenantId), currentCondition()));
  const [last] = await db
    .select({ error: memoryEmbeddings.error, at: memoryEmbeddings.embeddedAt })
    .from(memoryEmbeddings)
    .where(
      and(
        eq(memoryEmbeddings.tenantId, tenantId),
        eq(memoryEmbeddings.model, model),
        isNotNull(memoryEmbeddings.error),
      ),
    )
    .orderBy(sql`${memoryEmbeddings.embeddedAt} desc`)
    .limit(1);
  const current = counts?.current ?? 0;
  const embedded = counts?.embedded ?? 0;
  const failed = counts?.failed ?? 0;
  return {
    model,
    current,
    embedded,
    failed,
    pending: current - embedded,
    lastError: last ? { error: last.error, at: last.at.toISOString() } : null,
  };
}

/** Which search `vectorCandidates` uses: pgvector where installed (the default), or the exact scan. */
export type VectorSearch = 'auto' | 'exact' | 'pgvector';

/**
 * The scope's `limit` memories nearest to `query` (cosine) at or above `minCosine`, as current
 * rows: a superseded, deleted or expired memory is never returned. A query vector of another
 * dimension than the stored ones finds nothing. The candidates come from pgvector (HNSW) where
 * the database has it, otherwise from the exact scan; either way they are read back the same way.
 */
export async function vectorCandidates(
  db: Executor,
  scope: RecallScope,
  model: string,
  query: Float32Array,
  options: { limit: number; minCosine: number; search?: VectorSearch },
): Promise<Array<{ memory: MemoryRow; cosine: number }>> {
  const search = options.search ?? 'auto';
  const usePgvector = search === 'pgvector' || (search === 'auto' && (await hasPgvector(db)));
  // Vectors of memories no longer current stay until their rows go: read `limit * 2` nearest,
  // and more while too many of them turned out not current and the scope may hold others.
  for (let keep = options.limit * 2; ; keep *= 4) {
    const best = usePgvector
      ? (await pgvectorNearest(db, scope, model, query, keep)).filter((b) => b.cosine >= options.minCosine)
      : await cachedNearest(db, scope, model, query, keep, options.minCosine);
    if (best.length === 0) return [];
    const rows = await db
      .select()
      .from(memories)
      .where(
        and(
          inArray(
            memories.id,
            best.map((b) => b.id),
          ),
          currentCondition(),
          notAgentPersonal,
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const found = best.flatMap((b) => {
      const memory = byId.get(b.id);
      return memory ? [{ memory, cosine: b.cosine }] : [];
    });
    const exhausted = best.length < keep || keep >= MAX_VECTOR_CANDIDATES;
    if (found.length >= options.limit || exhausted) return found.slice(0, options.limit);
  }
}

/** The most nearest vectors one search reads while looking past ones no longer current. */
const MAX_VECTOR_CANDIDATES = 4_096;
