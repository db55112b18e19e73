/**
 * compactionWorkflow: one attempt at compacting one range of a session (ALGORITHMS.md §8–§9).
 * plan → chunk summaries in parallel (bounded) → merge → digest + persist + verify → report to the
 * session workflow. It orchestrates only; every side effect is an idempotent activity.
 *
 * When the LLM's attempts are spent a chunk falls back to `digestChunk` and the merge to
 * `joinChunkSummaries`. Histories recorded before those activities had names asked for the same
 * work with flags (`summarizeChunk({ extractive })`, `mergeCompaction({ concatenate })`) and
 * replay that way (`patched`).
 */
import {
  ActivityFailure,
  ApplicationFailure,
  getExternalWorkflowHandle,
  isCancellation,
  log,
  patched,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { type CompactionInput, type CompactionResult, compactionFinishedSignal } from './definitions.js';

export const NAMED_FALLBACKS_PATCH = 'named-fallback-activities';

/** LLM calls: 3 attempts, 500 ms → 5 s backoff (§8). Auth, invalid-request and cancellation are final. */
const llm = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '15 seconds',
  retry: {
    maximumAttempts: 3,
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '5 seconds',
    nonRetryableErrorTypes: ['auth', 'invalid_request', 'cancelled', 'missing_chunk', 'empty_range'],
  },
});

/** Database work: retried until it succeeds (PostgreSQL may be briefly away). */
const store = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '500 milliseconds',
    maximumInterval: '30 seconds',
    nonRetryableErrorTypes: ['empty_range'],
  },
});

function describe(error: unknown): string {
  if (error instanceof ActivityFailure && error.cause) return describe(error.cause);
  if (error instanceof ApplicationFailure) return `${error.type ?? 'error'}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Runs `task` over `items` with at most `limit` in flight (deterministic: a fixed pool of lanes). */
async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

export async function compactionWorkflow(input: CompactionInput): Promise<CompactionResult> {
  const { workflowId, runId } = workflowInfo();
  const ids = { compactionId: input.compactionId, tenantId: input.tenantId, sessionId: input.sessionId };
  let result: CompactionResult;
  try {
    const plan = await store.planCompaction({ ...input, workflowId, runId });
    if (plan.finished) {
      result = plan.finished;
    } else {
      await forEachBounded(plan.chunks, plan.concurrency, async (chunk) => {
        const request = {
          ...ids,
          index: chunk.index,
          contextWindowTokens: input.contextWindowTokens,
          previousCompactionId: input.previousCompactionId,
          ...(input.instructions ? { instructions: input.instructions } : {}),
        };
        try {
          await llm.summarizeChunk(request);
        } catch (error) {
          if (isCancellation(error)) throw error;
          // Level 3: the LLM's attempts are spent; the deterministic digest never fails for lack of it.
          log.warn('chunk summary fell back to the extractive digest', {
            chunk: chunk.index,
            error: describe(error),
          });
          if (patched(NAMED_FALLBACKS_PATCH)) await store.digestChunk(request);
          else await store.summarizeChunk({ ...request, extractive: true });
        }
      });
      const range = {
        ...ids,
        fromSeq: input.fromSeq,
        toSeq: input.toSeq,
        previousCompactionId: input.previousCompactionId,
      };
      try {
        await llm.mergeCompaction({
          ...range,
          ...(input.instructions ? { instructions: input.instructions } : {}),
        });
      } catch (error) {
        if (isCancellation(error)) throw error;
        log.warn('merge failed; joining the chunk summaries', { error: describe(error) });
        if (patched(NAMED_FALLBACKS_PATCH)) await store.joinChunkSummaries(range);
        else await store.mergeCompaction({ ...range, concatenate: true });
      }
      result = await store.persistCompaction(range);
    }
  } catch (error) {
    if (isCancellation(error)) throw error;
    result = await store.failCompaction({
      tenantId: input.tenantId,
      compactionId: input.compactionId,
      error: describe(error),
    });
  }
  if (input.parentWorkflowId) {
    await getExternalWorkflowHandle(input.parentWorkflowId).signal(compactionFinishedSignal, result);
  }
  return result;
}
