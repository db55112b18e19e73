/**
 * The API's side of background embedding (docs/recall-and-updates.md): after commit_memory it
 * starts the memory's `memoryEmbeddingWorkflow` (never awaited by the request), at start-up the
 * backfill for the configured model. GET /v1/memory-embeddings (api/routes/memory-embeddings.ts)
 * shows a tenant's embedding state, so a failing provider is visible.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { EmbeddingSelector } from '../../db/memory/memory-embeddings.js';
import { memoryEmbeddingWorkflowId } from '../../workflows/contract.js';
import type { ApiDeps } from '../deps.js';

/** Starts a memoryEmbeddingWorkflow for `selector` (a running one with the same id is left alone). */
export function startEmbedding(
  deps: Pick<ApiDeps, 'temporal' | 'taskQueue' | 'embedding'>,
  selector: EmbeddingSelector,
  what: string,
  log?: FastifyBaseLogger,
): void {
  if (!deps.embedding) return;
  deps.temporal.workflow
    .start('memoryEmbeddingWorkflow', {
      taskQueue: deps.taskQueue,
      workflowId: memoryEmbeddingWorkflowId(what),
      args: [{ selector }],
    })
    .catch((error: unknown) => {
      if ((error as Error)?.name === 'WorkflowExecutionAlreadyStartedError') return;
      log?.warn({ what }, 'could not start the memory embedding workflow');
    });
}

/** The backfill after a model change (or the first start with embeddings): every current memory without a vector for the model. */
export function startEmbeddingBackfill(
  deps: Pick<ApiDeps, 'temporal' | 'taskQueue' | 'embedding'>,
  log?: FastifyBaseLogger,
): void {
  if (deps.embedding) startEmbedding(deps, {}, `backfill:${deps.embedding.embedder.id}`, log);
}
