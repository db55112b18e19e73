/**
 * molt's side effects, built from their dependencies so tests can pass fakes
 * (temporalio/samples-typescript "activities-dependency-injection").
 * Workflows import the *type* only.
 */
import { createTokenCounter, type TokenCounter } from '../context/tokens/index.js';
import type { Database } from '../db/client.js';
import type { TextModel } from '../llm/model.js';
import { compactionActivities } from './compaction/index.js';
import { memoryActivities } from './memory.js';
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
}

export function createActivities(deps: ActivityDeps) {
  const tokenCounter = deps.tokenCounter ?? createTokenCounter({ mode: 'estimate' });
  return {
    ...sessionViewActivities(deps.db),
    ...sessionRebuildActivities(deps.db),
    ...sessionActivities(deps.db, tokenCounter),
    ...compactionActivities({
      db: deps.db,
      model: deps.model ?? null,
      concurrency: deps.concurrency ?? 4,
      tokenCounter,
    }),
    ...memoryActivities({
      db: deps.db,
      model: deps.memoryModel ?? null,
      concurrency: deps.memoryConcurrency ?? 2,
    }),
  };
}

export type Activities = ReturnType<typeof createActivities>;
