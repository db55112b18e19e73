/**
 * A LangGraph store's batch (POST /v1/memory-store, docs/langgraph.md): get, put, search and
 * namespaces over the store items of the caller's scope. Items are memories: recalled like any
 * other, erased with their user, their history kept as memory events. A search's query is ranked
 * by molt's recall ranking (lexical, or hybrid with embeddings); what the batch wrote is embedded
 * in the background.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { queryOfTexts } from '../../context/memory/recall.js';
import { STORE_ITEM_TYPE } from '../../context/memory/store-items.js';
import { runStoreBatch, StoreFullError } from '../../db/memory/memory-files.js';
import { rankHybrid } from '../assembly/hybrid-recall.js';
import { DEFAULT_RECALL_SETTINGS } from '../assembly/recall.js';
import { startEmbedding } from '../control/memory-embedding.js';
import type { ApiDeps } from '../deps.js';
import type { RequestAuth } from '../plugins/auth.js';
import { ApiError } from '../plugins/errors.js';
import type { memoryStoreAnswerSchema, memoryStoreBodySchema } from '../schemas/memory-store.js';
import { commitScopeOf } from './memory-scope.js';

export async function runMemoryStoreBatch(
  deps: ApiDeps,
  auth: RequestAuth,
  body: z.infer<typeof memoryStoreBodySchema>,
  log: FastifyBaseLogger,
): Promise<z.infer<typeof memoryStoreAnswerSchema>> {
  const { ops, ...scopeRequest } = body;
  const scope = await commitScopeOf(deps.db, auth, { ...scopeRequest, type: STORE_ITEM_TYPE });
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
      startEmbedding(deps, { memoryIds: written }, `memory-store:${written[0]}`, log);
    }
    return { results };
  } catch (error) {
    if (error instanceof StoreFullError) throw new ApiError(409, 'store_full', error.message);
    throw error;
  }
}
