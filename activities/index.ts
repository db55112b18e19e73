/**
 * molt's side effects, built from their dependencies so tests can pass fakes
 * (temporalio/samples-typescript "activities-dependency-injection").
 * Workflows import the *type* only.
 */
import {
  DEFAULT_LLM_CONCURRENCY,
  DEFAULT_MEMORY_CONCURRENCY,
  defaultTokenCounter,
} from '../config/defaults.js';
import type { TokenCounter } from '../context/tokens/index.js';
import type { Database } from '../db/client.js';
import type { Embedder } from '../llm/embeddings.js';
import type { TextModel } from '../llm/model.js';
import { compactionActivities } from './compaction/index.js';
import { episodeActivities } from './episodes.js';
import { memoryActivities } from './memory.js';
import { memoryEmbeddingActivities } from './memory-embedding.js';
import { sessionActivities } from './session.js';
import { sessionRebuildActivities } from './session-rebuild.js';
import { sessionViewActivities } from './session-view.js';

export interface ActivityDeps {
  db: Database;
  /** null: the offline `extractive` summarizer. */
  model?: TextModel | null;
  /** Chunk summaries in flight per compaction (MOLT_LLM_CONCURRENCY). */
  concurrency?: number;
  /** How stored token counts are made (MOLT_TOKEN_COUNTER); the API must use the same. */
  tokenCounter?: TokenCounter;
  /** The memory extractor's model; null or absent: the offline `extractive` rules (MOLT_MEMORY_EXTRACTOR). */
  memoryModel?: TextModel | null;
  /** Memory extractions running their extractor at once in this worker (MOLT_MEMORY_CONCURRENCY). */
  memoryConcurrency?: number;
  /** The memory embedding model (MOLT_EMBEDDINGS_*); null or absent: no vectors, lexical recall. */
  embedder?: Embedder | null;
}

export function createActivities(deps: ActivityDeps) {
  const tokenCounter = deps.tokenCounter ?? defaultTokenCounter;
  return {
    ...sessionViewActivities(deps.db),
    ...sessionRebuildActivities(deps.db),
    ...sessionActivities(deps.db, tokenCounter),
    ...compactionActivities({
      db: deps.db,
      model: deps.model ?? null,
      concurrency: deps.concurrency ?? DEFAULT_LLM_CONCURRENCY,
      tokenCounter,
    }),
    ...memoryActivities({
      db: deps.db,
      model: deps.memoryModel ?? null,
      concurrency: deps.memoryConcurrency ?? DEFAULT_MEMORY_CONCURRENCY,
      embeddings: Boolean(deps.embedder),
    }),
    ...memoryEmbeddingActivities({ db: deps.db, embedder: deps.embedder ?? null }),
    ...episodeActivities({ db: deps.db, embeddings: Boolean(deps.embedder) }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
