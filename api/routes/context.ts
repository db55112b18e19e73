/**
 * GET /v1/sessions/{sessionId}/context — what the agent sends to its LLM next. The route maps HTTP
 * to the assembly flow (api/assembly/context-assembly.ts: summary, recall, restore, live messages,
 * on one token budget); its schemas are api/schemas/context.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSession } from '../../db/transcript.js';
import { assembleSessionContext } from '../assembly/context-assembly.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { errorResponses, sessionParamsSchema } from '../schemas/common.js';
import { contextQuerySchema, contextResponseSchema } from '../schemas/context.js';

export function contextRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/sessions/:sessionId/context',
      {
        schema: {
          params: sessionParamsSchema,
          querystring: contextQuerySchema,
          response: { 200: contextResponseSchema, ...errorResponses(403, 404) },
        },
      },
      async (request) => {
        const { tenantId, role } = request.auth;
        const { sessionId } = request.params;
        if (request.query.explain && role !== 'operator') {
          throw new ApiError(403, 'forbidden', 'query.explain: needs an operator key');
        }
        const row = await getSession(deps.db, tenantId, sessionId);
        if (!row) throw notFound(`session ${sessionId}`);
        return assembleSessionContext(deps, row, request.query);
      },
    );
  };
}
