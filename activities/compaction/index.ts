/**
 * The side effects of one compaction (docs/engine-rules.md#staged-summarization, #the-summary): plan the chunks, summarise each chunk
 * (LLM with fallback levels, or the extractive digest), merge, then digest + persist + verify.
 *
 * Every activity is idempotent on the compaction id and chunk index: a retried or replayed
 * activity finds its earlier work in PostgreSQL instead of calling the LLM again or writing a
 * second row. Payloads are ids, seqs and counts; texts stay in the database.
 *
 * - `chunks.ts`: planCompaction, summarizeChunk, digestChunk
 * - `merge.ts`: mergeCompaction, joinChunkSummaries
 * - `persist.ts`: persistCompaction, failCompaction
 * - `steps.ts`: what they share (dependencies, shapes, levels, the range and summary reads)
 */

import { chunkActivities } from './chunks.js';
import { mergeActivities } from './merge.js';
import { persistActivities } from './persist.js';
import { type CompactionDeps, compactionSteps } from './steps.js';

export {
  type ChunkInput,
  type ChunkPlan,
  type CompactionDeps,
  type CompactionPlan,
  type CompactionRange,
  type HistoryShareDrop,
  LEVEL_EXTRACTIVE,
  LEVEL_WHOLE,
  LEVEL_WITHOUT_OVERSIZED,
  QUALITY_CHECK_RECENT_MESSAGES,
} from './steps.js';

export function compactionActivities(deps: CompactionDeps) {
  const steps = compactionSteps(deps);
  return {
    ...chunkActivities(steps),
    ...mergeActivities(steps),
    ...persistActivities(steps),
  };
}
export { HEARTBEAT_INTERVAL_MS } from '../heartbeat.js';
