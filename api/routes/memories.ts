/**
 * Memories (docs/memory.md#api): commit_memory, list and search, one memory with its events, delete,
 * operator erasure of a user's scope, and the tool definitions agents register. Every query is
 * scoped to the caller's tenant: another tenant's memory is a 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryOfTexts, RECALL_DEFAULTS } from '../../context/memory/recall.js';
import { eraseUserMemoriesIn } from '../../db/erasure.js';
import { deleteMemory, memorySnapshot } from '../../db/memory/memories.js';
import {
  decodeOffsetCursor,
  getMemoryWithEvents,
  listMemories,
  searchMemories,
} from '../../db/memory/memory-reads.js';
import { commitMemory } from '../../db/memory/memory-store.js';
import { decodeCursor } from '../../db/pagination.js';
import { rankHybrid } from '../assembly/hybrid-recall.js';
import { DEFAULT_RECALL_SETTINGS } from '../assembly/recall.js';
import { startEmbedding } from '../control/memory-embedding.js';
import type { ApiDeps } from '../deps.js';
import { commitScopeOf, ownerOf } from '../memory/memory-scope.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { BODY_ERRORS, errorResponses } from '../schemas/common.js';
import {
  commitMemoryBodySchema,
  erasureQuerySchema,
  erasureReceiptSchema,
  memoryAnswerSchema,
  memoryListQuerySchema,
  memoryListSchema,
  memoryParamsSchema,
  memorySearchSchema,
  memoryWithEventsSchema,
  searchMemoriesBodySchema,
} from '../schemas/memories.js';
import { memoryTools } from '../schemas/memory-tools.js';

const toolSchema = z.object({
  name: z.string(),
  description: z.string(),
  parameters: z.record(z.string(), z.unknown()),
});

export function memoryRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/memories',
      {
        schema: {
          body: commitMemoryBodySchema,
          response: {
            200: memoryAnswerSchema,
            201: memoryAnswerSchema,
            ...errorResponses(404, ...BODY_ERRORS),
          },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const scope = await commitScopeOf(deps.db, request.auth, body);
        const result = await commitMemory(deps.db, scope, {
          type: body.type,
          content: body.content,
          abstract: body.abstract ?? null,
          key: body.key ?? null,
          category: body.category ?? null,
          priority: body.priority,
          source: { kind: 'commit_memory', ...(body.sessionId ? { sessionId: body.sessionId } : {}) },
        });
        if (result.outcome === 'added' || result.outcome === 'superseded') {
          startEmbedding(deps, { memoryIds: [result.memory.id] }, `commit:${result.memory.id}`, request.log);
        }
        return reply
          .status(result.outcome === 'duplicate' || result.outcome === 'noop' ? 200 : 201)
          .send({ memory: memorySnapshot(result.memory) });
      },
    );

    app.get(
      '/v1/memories',
      {
        schema: {
          querystring: memoryListQuerySchema,
          response: { 200: memoryListSchema, ...errorResponses() },
        },
      },
      async (request) => {
        const { query, cursor, readerAgentId, ...filter } = request.query;
        const { auth } = request;
        // A bound key lists what it may read by id (db/memory/memory-reach.ts); others may ask to list as
        // an agent's reader would (the MCP profile of a session does).
        const reader = auth.role === 'agent' && auth.agentId !== null ? auth.agentId : readerAgentId;
        const reach = reader !== undefined ? { reachOf: reader } : {};
        const base = { tenantId: auth.tenantId, ...filter, ...reach };
        if (query) {
          if (cursor && decodeOffsetCursor(cursor) === null) {
            throw new ApiError(400, 'invalid_request', 'query.cursor: not a cursor this API issued');
          }
          return searchMemories(deps.db, { ...base, query, ...(cursor ? { cursor } : {}) });
        }
        if (cursor && decodeCursor(cursor) === null) {
          throw new ApiError(400, 'invalid_request', 'query.cursor: not a cursor this API issued');
        }
        return listMemories(deps.db, { ...base, ...(cursor ? { cursor } : {}) });
      },
    );

    app.post(
      '/v1/memories/search',
      {
        schema: {
          body: searchMemoriesBodySchema,
          response: { 200: memorySearchSchema, ...errorResponses(404, ...BODY_ERRORS) },
        },
      },
      async (request) => {
        const { tenantId } = request.auth;
        const body = request.body;
        const { userId, agentId } = await ownerOf(deps.db, request.auth, body, 'search');
        const query = queryOfTexts(body.query.split('\n'));
        if (!query) return { items: [], nextCursor: null };
        const { ranked, retrieval } = await rankHybrid(
          deps.db,
          { tenantId, sessionId: body.sessionId ?? null, userId, agentId },
          query,
          (deps.recall ?? DEFAULT_RECALL_SETTINGS).minScore,
          deps.embedding,
        );
        return {
          retrieval,
          items: ranked.slice(0, body.limit ?? body.max_results ?? RECALL_DEFAULTS.maxResults).map((r) => ({
            ...memorySnapshot(r.memory),
            score: Math.round(r.score * 10_000) / 10_000,
            kind: r.kind,
            episodeIds: r.episodeIds,
            ...(r.amendedBy ? { amendedBy: r.amendedBy } : {}),
          })),
          nextCursor: null,
        };
      },
    );

    app.get(
      '/v1/memories/:memoryId',
      {
        schema: {
          params: memoryParamsSchema,
          response: { 200: memoryWithEventsSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const memory = await getMemoryWithEvents(deps.db, request.auth.tenantId, request.params.memoryId);
        if (!memory) throw notFound(`memory ${request.params.memoryId}`);
        return memory;
      },
    );

    app.delete(
      '/v1/memories/:memoryId',
      {
        schema: {
          params: memoryParamsSchema,
          response: { 200: memoryAnswerSchema, ...errorResponses(404, ...BODY_ERRORS) },
        },
      },
      async (request) => {
        const memory = await deleteMemory(deps.db, request.auth.tenantId, request.params.memoryId);
        if (!memory) throw notFound(`memory ${request.params.memoryId}`);
        return { memory: memorySnapshot(memory) };
      },
    );

    app.delete(
      '/v1/memories',
      {
        config: { role: 'operator' },
        schema: {
          querystring: erasureQuerySchema,
          response: { 200: erasureReceiptSchema, ...errorResponses(403, ...BODY_ERRORS) },
        },
      },
      // Memories only (DELETE /v1/users/{userId} erases the user's sessions too), including those
      // of sessions that named the user after their first turn.
      async (request) => {
        const { userId } = request.query;
        const erased = await deps.db.transaction((tx) =>
          eraseUserMemoriesIn(tx, request.auth.tenantId, userId),
        );
        return {
          userId,
          memories: erased.memories,
          events: erased.memoryEvents,
          extractions: erased.extractions,
          episodes: erased.episodes,
          vectors: erased.vectors,
          amendments: erased.amendments,
        };
      },
    );

    app.get(
      '/v1/tools',
      { schema: { response: { 200: z.object({ tools: z.array(toolSchema) }), ...errorResponses() } } },
      async () => ({
        tools: memoryTools(),
      }),
    );
  };
}
