/**
 * The API's side of background embedding (docs/recall-and-updates.md): after commit_memory it
 * starts the memory's `memoryEmbeddingWorkflow` (never awaited by the request), at start-up the
 * backfill for the configured model, and GET /v1/memory-embeddings shows a tenant's embedding
 * state — embedded, pending, failed and the latest error — so a failing provider is visible.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EmbeddingSelector, embeddingStatus } from '../db/memory-embeddings.js';
import { memoryEmbeddingWorkflowId } from '../workflows/contract.js';
import type { ApiDeps } from './context.js';
import { errorResponses } from './schemas/common.js';

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

const statusSchema = z.object({
  provider: z.enum(['off', 'on']),
  model: z.string().nullable(),
  current: z.number().int(),
  embedded: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  lastError: z.object({ error: z.string().nullable(), at: z.string() }).nullable(),
});

export function memoryEmbeddingRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/memory-embeddings',
      { schema: { response: { 200: statusSchema, ...errorResponses() } } },
      async (request) => {
        if (!deps.embedding) {
          return {
            provider: 'off' as const,
            model: null,
            current: 0,
            embedded: 0,
            pending: 0,
            failed: 0,
            lastError: null,
          };
        }
        const status = await embeddingStatus(deps.db, request.auth.tenantId, deps.embedding.embedder.id);
        return { provider: 'on' as const, ...status };
      },
    );
  };
}
