/**
 * GET /v1/memory-embeddings (docs/recall-and-updates.md): a tenant's embedding state for the
 * configured model — embedded, pending, failed and the latest error — so a failing provider is
 * visible.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { embeddingStatus } from '../../db/memory/memory-embeddings.js';
import type { ApiDeps } from '../deps.js';
import { errorResponses } from '../schemas/common.js';

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
