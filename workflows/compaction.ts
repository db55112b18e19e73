/**
 * compactionWorkflow: one attempt at compacting one range of a session (docs/engine-rules.md#staged-summarization, #the-summary).
 * plan → chunk summaries in parallel (bounded) → merge → digest + persist + verify → report to the
 * session workflow. It orchestrates only; every side effect is an idempotent activity.
 *
 * When the LLM's attempts are spent a chunk falls back to `digestChunk` and the merge to
 * `joinChunkSummaries`. Histories recorded before those activities had names asked for the same
 * work with flags (`summarizeChunk({ extractive })`, `mergeCompaction({ concatenate })`) and
 * replay that way (`patched`).
 */
import {
  getExternalWorkflowHandle,
  isCancellation,
  log,
  patched,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { NON_RETRYABLE_FAILURE_TYPES } from '../context/failure-types.js';
import { type CompactionInput, type CompactionResult, compactionFinishedSignal } from './contract.js';
import { typedFailureText } from './failure-text.js';
import { PATCHES } from './patches.js';

export const NAMED_FALLBACKS_PATCH = PATCHES.namedFallbackActivities.id;

/** LLM calls: 3 attempts, 500 ms → 5 s backoff. The failure table's final types are final here. */
const llm = proxyActivities<Activities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '15 seconds',
  retry: {
    maximumAttempts: 3,
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '5 seconds',
    nonRetryableErrorTypes: [...NON_RETRYABLE_FAILURE_TYPES],
  },
});

/** Database work: retried until it succeeds (PostgreSQL may be briefly away). */
const store = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '500 milliseconds',
    maximumInterval: '30 seconds',
    nonRetryableErrorTypes: [...NON_RETRYABLE_FAILURE_TYPES],
  },
});

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
        // The session's breaker is open: the offline digest, no LLM call (docs/engine-rules.md#circuit-breaker).
        if (input.offline) {
          await store.digestChunk({ ...request, offline: true });
          return;
        }
        try {
          await llm.summarizeChunk(request);
        } catch (error) {
          if (isCancellation(error)) throw error;
          // Level 3: the LLM's attempts are spent; the deterministic digest never fails for lack of it.
          log.warn('chunk summary fell back to the extractive digest', {
            chunk: chunk.index,
            error: typedFailureText(error),
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
      if (input.offline) {
        await store.joinChunkSummaries(range);
      } else {
        try {
          await llm.mergeCompaction({
            ...range,
            ...(input.instructions ? { instructions: input.instructions } : {}),
          });
        } catch (error) {
          if (isCancellation(error)) throw error;
          log.warn('merge failed; joining the chunk summaries', { error: typedFailureText(error) });
          if (patched(NAMED_FALLBACKS_PATCH)) await store.joinChunkSummaries(range);
          else await store.mergeCompaction({ ...range, concatenate: true });
        }
      }
      result = await store.persistCompaction(range);
    }
  } catch (error) {
    if (isCancellation(error)) throw error;
    result = await store.failCompaction({
      tenantId: input.tenantId,
      compactionId: input.compactionId,
      error: typedFailureText(error),
    });
  }
  if (input.parentWorkflowId) {
    await getExternalWorkflowHandle(input.parentWorkflowId).signal(compactionFinishedSignal, result);
  }
  return result;
}
