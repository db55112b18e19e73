/** Memory extractions for operators: list, one with its diff, replay a failed one (docs/memory.md#api). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getExtractionWithDiff, listExtractions } from '../../db/memory/memory-extractions.js';
import { decodeCursor } from '../../db/pagination.js';
import { replayExtraction } from '../control/extraction-replay.js';
import type { ApiDeps } from '../deps.js';
import { ApiError, notFound } from '../plugins/errors.js';
import { BODY_ERRORS, errorResponses } from '../schemas/common.js';
import {
  extractionListQuerySchema,
  extractionListSchema,
  extractionParamsSchema,
  extractionReplayAnswerSchema,
  extractionWithDiffSchema,
} from '../schemas/memories.js';

export function memoryExtractionRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/memory-extractions',
      {
        schema: {
          querystring: extractionListQuerySchema,
          response: {
            200: extractionListSchema,
            ...errorResponses(),
          },
        },
      },
      async (request) => {
        const { cursor, ...rest } = request.query;
        if (cursor && decodeCursor(cursor) === null) {
          throw new ApiError(400, 'invalid_request', 'query.cursor: not a cursor this API issued');
        }
        return listExtractions(deps.db, {
          tenantId: request.auth.tenantId,
          ...rest,
          ...(cursor ? { cursor } : {}),
        });
      },
    );

    app.get(
      '/v1/memory-extractions/:extractionId',
      {
        schema: {
          params: extractionParamsSchema,
          response: { 200: extractionWithDiffSchema, ...errorResponses(404) },
        },
      },
      async (request) => {
        const extraction = await getExtractionWithDiff(
          deps.db,
          request.auth.tenantId,
          request.params.extractionId,
        );
        if (!extraction) throw notFound(`memory extraction ${request.params.extractionId}`);
        return extraction;
      },
    );

    app.post(
      '/v1/memory-extractions/:extractionId/replay',
      {
        config: { role: 'operator' },
        schema: {
          params: extractionParamsSchema,
          response: {
            202: extractionReplayAnswerSchema,
            ...errorResponses(403, 404, 409, 503, ...BODY_ERRORS),
          },
        },
      },
      async (request, reply) => {
        const { extractionId } = request.params;
        return reply.status(202).send(await replayExtraction(deps, request.auth.tenantId, extractionId));
      },
    );
  };
}
