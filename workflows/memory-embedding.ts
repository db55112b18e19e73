/**
 * memoryEmbeddingWorkflow (docs/recall-and-updates.md): embeds the selected memories (one
 * extraction's, one committed memory, or all — the backfill after a model change) batch by batch.
 * Started as an abandoned child by the extraction workflow, by the API after commit_memory, and
 * at API start-up for the backfill; never awaited by a turn. Payloads carry ids only.
 */
import { ActivityFailure, ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { MemoryEmbeddingInput, MemoryEmbeddingResult } from './contract.js';

export { memoryEmbeddingWorkflowId } from './contract.js';

/** A provider call: 5 attempts with backoff; a wrong dimension is not retried. */
const embedding = proxyActivities<Activities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    maximumAttempts: 5,
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    nonRetryableErrorTypes: ['embedding_dimension'],
  },
});

const store = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

export async function memoryEmbeddingWorkflow(input: MemoryEmbeddingInput): Promise<MemoryEmbeddingResult> {
  let afterId = '';
  let embedded = 0;
  for (;;) {
    try {
      const batch = await embedding.embedMemoryBatch({ selector: input.selector, afterId });
      if (batch.model === null) return { status: 'off', embedded };
      embedded += batch.embedded;
      if (batch.nextAfterId === null) return { status: 'succeeded', embedded };
      afterId = batch.nextAfterId;
    } catch (error) {
      const cause = error instanceof ActivityFailure ? error.cause : error;
      const message =
        cause instanceof ApplicationFailure || cause instanceof Error ? cause.message : String(cause);
      await store.failMemoryEmbedding({
        selector: input.selector,
        afterId,
        error: message || 'embedding failed',
      });
      return { status: 'failed', embedded, error: message };
    }
  }
}
