/**
 * Memory vectors (docs/recall-and-updates.md): one row per (memory, embedding model), stored with
 * the model that made it so a model change never mixes spaces; the memory's scope is copied so a
 * scope's vectors are read by one index. A row with `error` and no vector records a failed
 * embedding (visible in GET /v1/memory-embeddings; the next run retries it). Vectors are unit
 * length `real[]`, so every migration applies on any PostgreSQL: where pgvector is installed,
 * db/memory/pgvector.ts adds a partial HNSW index per (model, dimension) at run time; elsewhere the
 * exact-cosine path reads them.
 */
import { index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { memories } from './memory-schema.js';

export const memoryEmbeddings = pgTable(
  'memory_embeddings',
  {
    memoryId: text('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    tenantId: text('tenant_id').notNull(),
    userId: text('user_id'),
    agentId: text('agent_id'),
    sessionScope: text('session_scope'),
    dims: integer('dims').notNull(),
    vector: real('vector').array(),
    error: text('error'),
    /** `embedded` or `failed` (docs/memory.md#verdicts); the cause of a failure is `error`. Null on rows from before verdicts. */
    verdict: text('verdict').$type<'embedded' | 'failed'>(),
    attempts: integer('attempts').notNull().default(1),
    embeddedAt: timestamp('embedded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.model] }),
    index('memory_embeddings_scope_idx').on(t.tenantId, t.model, t.userId, t.agentId, t.sessionScope),
  ],
);

export type MemoryEmbeddingRow = typeof memoryEmbeddings.$inferSelect;
