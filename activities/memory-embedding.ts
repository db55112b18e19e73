/**
 * Embedding memories in the background (docs/recall-and-updates.md): one activity call embeds
 * one batch of the selected memories that have no vector for the worker's model yet and stores
 * the vectors; the workflow loops over batches. A provider failure fails the activity (retried by
 * the workflow's policy); when retries run out, `failMemoryEmbedding` records the error on the
 * batch's memories, where GET /v1/memory-embeddings shows it.
 */
import { ApplicationFailure } from '@temporalio/activity';
import type { Database } from '../db/client.js';
import {
  type EmbeddingSelector,
  pendingEmbeddings,
  recordEmbeddingFailure,
  storedEmbeddingDims,
  storeEmbeddings,
} from '../db/memory/memory-embeddings.js';
import type { Embedder } from '../llm/embeddings.js';

/** Memories per provider call. */
export const EMBEDDING_BATCH = 64;

export interface EmbedBatchInput {
  selector: EmbeddingSelector;
  /** Memories with ids after this one (the batch cursor). */
  afterId: string;
}

export interface EmbedBatchResult {
  /** The worker's embedding model; null: embeddings are off (nothing to do). */
  model: string | null;
  embedded: number;
  /** The next batch's cursor; null when this was the last batch. */
  nextAfterId: string | null;
}

export function memoryEmbeddingActivities(deps: { db: Database; embedder: Embedder | null }) {
  const { db, embedder } = deps;
  return {
    async embedMemoryBatch(input: EmbedBatchInput): Promise<EmbedBatchResult> {
      if (!embedder) return { model: null, embedded: 0, nextAfterId: null };
      const rows = await pendingEmbeddings(db, embedder.id, input.selector, input.afterId, EMBEDDING_BATCH);
      if (rows.length === 0) return { model: embedder.id, embedded: 0, nextAfterId: null };
      let vectors: Float32Array[];
      try {
        vectors = await embedder.embed(rows.map((row) => row.content));
      } catch (error) {
        throw ApplicationFailure.create({
          type: 'embedding_failed',
          message: `${embedder.id}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
        });
      }
      // One model, one space: a vector of another dimension than the stored ones is refused.
      const stored = await storedEmbeddingDims(db, embedder.id);
      const dims = vectors[0]?.length ?? 0;
      if (stored !== null && stored !== dims) {
        throw ApplicationFailure.create({
          type: 'embedding_dimension',
          message: `${embedder.id} answered ${dims} dimensions; its stored vectors have ${stored}`,
        });
      }
      await storeEmbeddings(
        db,
        embedder.id,
        rows.map((memory, i) => ({ memory, vector: vectors[i]! })),
      );
      return {
        model: embedder.id,
        embedded: rows.length,
        nextAfterId: rows.length < EMBEDDING_BATCH ? null : rows.at(-1)!.id,
      };
    },

    /** Records the batch's failure (after the retries): its memories show the error until a later run embeds them. */
    async failMemoryEmbedding(input: EmbedBatchInput & { error: string }): Promise<void> {
      if (!embedder) return;
      const rows = await pendingEmbeddings(db, embedder.id, input.selector, input.afterId, EMBEDDING_BATCH);
      await recordEmbeddingFailure(db, embedder.id, rows, input.error.slice(0, 500));
    },
  };
}
