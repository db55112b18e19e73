/**
 * POST /v1/memories/expand, the `read_history` tool (docs/memory.md#expand): the route maps HTTP
 * to the expand flow (api/memory/expand.ts: the turns behind a hit, a compaction's summary or a
 * place in a session, bounded, in the caller's scope only).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../deps.js';
import { expandHistory } from '../memory/expand.js';
import { BODY_ERRORS, errorResponses } from '../schemas/common.js';
import { expandAnswerSchema, expandBodySchema } from '../schemas/memories.js';

export function memoryExpandRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/memories/expand',
      {
        schema: {
          body: expandBodySchema,
          response: { 200: expandAnswerSchema, ...errorResponses(404, ...BODY_ERRORS) },
        },
      },
      async (request) => expandHistory(deps, request.auth, request.body),
    );
  };
}
