/**
 * memoryExtractionWorkflow: extracts durable memories from one range of a session (docs/memory.md#extraction).
 * Started by the session workflow as an abandoned child and never awaited, so it cannot block a
 * turn or a compaction. One activity reads the range, extracts and verifies-and-stores in one
 * transaction (idempotent on the extraction id); when its retries are exhausted the extraction is
 * marked failed with its error — never a silent empty success.
 */
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { ParentClosePolicy, patched, proxyActivities, startChild, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { errorText } from '../context/error-text.js';
import { NON_RETRYABLE_FAILURE_TYPES } from '../context/failure-types.js';
import type { MemoryExtractionInput, MemoryExtractionResult } from './contract.js';
import { failureCause } from './failure-text.js';
import { memoryEmbeddingWorkflow, memoryEmbeddingWorkflowId } from './memory-embedding.js';
import { PATCHES } from './patches.js';

/**
 * The stored memories are embedded by an abandoned child, only when the worker has an embedder
 * (histories recorded before embeddings replay without it: `patched`).
 */
async function embedExtracted(extractionId: string, embed: boolean): Promise<void> {
  if (!embed || !patched(PATCHES.memoryEmbedding.id)) return;
  try {
    await startChild(memoryEmbeddingWorkflow, {
      workflowId: memoryEmbeddingWorkflowId(extractionId),
      parentClosePolicy: ParentClosePolicy.ABANDON,
      args: [{ selector: { extractionId } }],
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/** Extraction (an LLM call when configured): 5 attempts, Retry-After honoured by the activity's failure. */
const extraction = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '15 seconds',
  retry: {
    maximumAttempts: 5,
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    nonRetryableErrorTypes: [...NON_RETRYABLE_FAILURE_TYPES],
  },
});

/** Recording the failure: retried until PostgreSQL takes it. */
const store = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '30 seconds' },
});

export async function memoryExtractionWorkflow(
  input: MemoryExtractionInput,
): Promise<MemoryExtractionResult> {
  const { workflowId } = workflowInfo();
  const started = await store.beginMemoryExtraction({ ...input, workflowId });
  if (started.status === 'succeeded') return { extractionId: started.extractionId, status: 'succeeded' };
  try {
    const stored = await extraction.extractMemories({ ...input, extractionId: started.extractionId });
    await embedExtracted(started.extractionId, stored.embed === true);
    return { extractionId: started.extractionId, status: 'succeeded' };
  } catch (error) {
    const message = errorText(failureCause(error));
    await store.failMemoryExtraction({
      tenantId: input.tenantId,
      extractionId: started.extractionId,
      error: message || 'extraction failed',
    });
    return { extractionId: started.extractionId, status: 'failed', error: message };
  }
}
