/**
 * POST /v1/memory-store: a LangGraph store's batch (get, put, search, namespaces) over the store
 * items of the caller's scope (docs/langgraph.md). Items are memories: recalled like any other,
 * erased with their user, their history kept as memory events. A search's query is ranked by
 * molt's recall ranking (lexical, or hybrid with embeddings).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queryOfTexts } from '../../context/memory/recall.js';
import { STORE_ITEM_TYPE } from '../../context/memory/store-items.js';
import { runStoreBatch, StoreFullError } from '../../db/memory/memory-files.js';
import { rankHybrid } from '../assembly/hybrid-recall.js';
import { DEFAULT_RECALL_SETTINGS } from '../assembly/recall.js';
import { startEmbedding } from '../control/memory-embedding.js';
import type { ApiDeps } from '../deps.js';
import { commitScopeOf } from '../memory/memory-scope.js';
import { ApiError } from '../plugins/errors.js';
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
      async (request) => {
        const { ops, ...scopeRequest } = request.body;
        const scope = await commitScopeOf(deps.db, request.auth, { ...scopeRequest, type: STORE_ITEM_TYPE });
        const rank = async (text: string) => {
          const query = queryOfTexts(text.split('\n'));
          if (!query) return new Map<string, number>();
          const { ranked } = await rankHybrid(
            deps.db,
            {
              tenantId: scope.tenantId,
              sessionId: scope.sessionScope,
              userId: scope.userId,
              agentId: scope.agentId,
            },
            query,
            (deps.recall ?? DEFAULT_RECALL_SETTINGS).minScore,
            deps.embedding,
          );
          return new Map(ranked.map((r) => [r.memory.id, Math.round(r.score * 10_000) / 10_000]));
        };
        try {
          const { results, written } = await runStoreBatch(
            deps.db,
            scope,
            ops,
            scopeRequest.sessionId ?? null,
            rank,
          );
          if (written.length > 0) {
            startEmbedding(deps, { memoryIds: written }, `memory-store:${written[0]}`, request.log);
          }
          return { results };
        } catch (error) {
          if (error instanceof StoreFullError) throw new ApiError(409, 'store_full', error.message);
          throw error;
        }
      },
    );
  };
}
