/**
 * POST /v1/memory-store: a LangGraph store's batch (get, put, search, namespaces) over the store
 * items of the caller's scope (docs/langgraph.md). The route maps HTTP to the flow,
 * api/memory/store-batch.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps.js';
import { runMemoryStoreBatch } from '../memory/store-batch.js';
import { BODY_ERRORS, errorResponses } from '../schemas/common.js';
import { memoryStoreAnswerSchema, memoryStoreBodySchema } from '../schemas/memory-store.js';

export function memoryStoreRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/memory-store',
      {
        schema: {
          summary: 'Run a batch of LangGraph store operations',
          description:
            'Reads see the scope as it was before the batch; puts (a `null` value deletes) apply after it, the last put of a key winning. Items are memories keyed by namespace and key in the caller’s scope.',
          body: memoryStoreBodySchema,
          response: { 200: memoryStoreAnswerSchema, ...errorResponses(403, 404, 409, ...BODY_ERRORS) },
        },
      },
      async (request) => runMemoryStoreBatch(deps, request.auth, request.body, request.log),
    );
  };
}
